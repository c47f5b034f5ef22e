-- DropIndex
DROP INDEX "OrderAttribution_brandId_sourceKind_sourceId_idx";

-- CreateIndex
CREATE INDEX "OrderAttribution_brandId_contactId_idx" ON "OrderAttribution"("brandId", "contactId");

