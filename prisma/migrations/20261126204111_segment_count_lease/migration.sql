-- AlterTable
ALTER TABLE "Segment" ADD COLUMN "countClaimedUntil" DATETIME;

