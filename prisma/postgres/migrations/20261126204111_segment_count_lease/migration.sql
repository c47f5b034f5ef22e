-- AlterTable
ALTER TABLE "Segment" ADD COLUMN     "countClaimedUntil" TIMESTAMP(3);

