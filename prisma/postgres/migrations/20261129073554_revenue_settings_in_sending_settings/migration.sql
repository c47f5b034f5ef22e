-- AlterTable
ALTER TABLE "SendingSettings" ADD COLUMN     "attributionWindowDays" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "revenueCurrency" TEXT NOT NULL DEFAULT 'USD';

-- Each brand's revenue settings move onto its sending settings (a row with the defaults is created for a
-- brand that had none), before their table goes.
INSERT INTO "SendingSettings" ("brandId", "attributionWindowDays", "revenueCurrency", "updatedAt")
SELECT "brandId", "windowDays", "currency", "updatedAt" FROM "RevenueSettings" WHERE "brandId" IN (SELECT "id" FROM "Brand")
ON CONFLICT ("brandId") DO UPDATE SET "attributionWindowDays" = excluded."attributionWindowDays", "revenueCurrency" = excluded."revenueCurrency";

-- DropTable
DROP TABLE "RevenueSettings";

