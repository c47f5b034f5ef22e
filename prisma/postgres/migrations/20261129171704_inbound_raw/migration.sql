-- CreateTable
CREATE TABLE "InboundRaw" (
    "id" TEXT NOT NULL,
    "raw" BYTEA NOT NULL,

    CONSTRAINT "InboundRaw_pkey" PRIMARY KEY ("id")
);

-- Added by hand (moved before the column's drop): the stored messages' bytes move to their own rows (lib/inbound)
INSERT INTO "InboundRaw" ("id", "raw") SELECT "id", "raw" FROM "InboundMail";

-- AlterTable
ALTER TABLE "InboundMail" DROP COLUMN "raw";

-- AddForeignKey
ALTER TABLE "InboundRaw" ADD CONSTRAINT "InboundRaw_id_fkey" FOREIGN KEY ("id") REFERENCES "InboundMail"("id") ON DELETE CASCADE ON UPDATE CASCADE;
