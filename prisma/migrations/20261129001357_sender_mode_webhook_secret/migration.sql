-- AlterTable
ALTER TABLE "SenderAddress" ADD COLUMN "confirmSentVia" TEXT;
ALTER TABLE "SenderAddress" ADD COLUMN "verifiedVia" TEXT;

-- CreateTable
CREATE TABLE "BrandWebhookSecret" (
    "brandId" TEXT NOT NULL PRIMARY KEY,
    "sealed" TEXT NOT NULL,
    "rotatedAt" DATETIME,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "BrandWebhookSecret_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);


-- Hand-written (issue 38): addresses confirmed before the delivery mode was recorded take it from the
-- transport of the last confirmation message sent to them (source sender-verification, id "<address id>-<ms>").
-- An address with no such message keeps NULL, which counts as an outbox confirmation under SMTP.
UPDATE "SenderAddress" SET "confirmSentVia" = (
  SELECT m."transport" FROM "Message" m
  WHERE m."brandId" = "SenderAddress"."brandId" AND m."sourceKind" = 'sender-verification' AND m."sourceId" LIKE "SenderAddress"."id" || '-%'
  ORDER BY m."createdAt" DESC LIMIT 1
) WHERE "confirmSentAt" IS NOT NULL;
UPDATE "SenderAddress" SET "verifiedVia" = "confirmSentVia" WHERE "verifiedBy" = 'link';
