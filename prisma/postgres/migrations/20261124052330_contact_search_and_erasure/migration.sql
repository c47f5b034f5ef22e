-- CreateTable
CREATE TABLE "ContactErasure" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "erasedBy" TEXT NOT NULL,
    "identifiers" INTEGER NOT NULL,
    "events" INTEGER NOT NULL,
    "erasedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContactErasure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ContactErasure_brandId_erasedAt_idx" ON "ContactErasure"("brandId", "erasedAt");


-- The dashboard's contact search (lib/contacts/search-contacts.ts): trigram indexes for substring LIKE on
-- the full name and on identifier values. pg_trgm ships with PostgreSQL (contrib) and is a trusted
-- extension, so the database owner can create it. Written by hand: Prisma has no expression indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "Contact_name_trgm_idx" ON "Contact" USING gin ((lower(coalesce("firstName", '') || ' ' || coalesce("lastName", ''))) gin_trgm_ops);
CREATE INDEX "ContactIdentifier_value_trgm_idx" ON "ContactIdentifier" USING gin ("value" gin_trgm_ops);
