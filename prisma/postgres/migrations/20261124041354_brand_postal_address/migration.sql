-- AlterTable
ALTER TABLE "Brand" ADD COLUMN     "postalAddress" TEXT;

