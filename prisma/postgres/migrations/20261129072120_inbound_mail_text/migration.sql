-- AlterTable
ALTER TABLE "InboundMail" ADD COLUMN     "text" TEXT;

