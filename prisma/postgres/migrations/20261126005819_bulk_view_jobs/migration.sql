-- AlterTable
ALTER TABLE "ContactTagJob" ADD COLUMN     "source" TEXT,
ADD COLUMN     "view" JSONB,
ALTER COLUMN "segmentId" DROP NOT NULL;

