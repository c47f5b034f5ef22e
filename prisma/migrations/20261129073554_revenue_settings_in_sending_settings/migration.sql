-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_SendingSettings" (
    "brandId" TEXT NOT NULL PRIMARY KEY,
    "trackOpens" BOOLEAN NOT NULL DEFAULT true,
    "trackClicks" BOOLEAN NOT NULL DEFAULT true,
    "attributionWindowDays" INTEGER NOT NULL DEFAULT 5,
    "revenueCurrency" TEXT NOT NULL DEFAULT 'USD',
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SendingSettings_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_SendingSettings" ("brandId", "trackClicks", "trackOpens", "updatedAt") SELECT "brandId", "trackClicks", "trackOpens", "updatedAt" FROM "SendingSettings";
DROP TABLE "SendingSettings";
ALTER TABLE "new_SendingSettings" RENAME TO "SendingSettings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Each brand's revenue settings move onto its sending settings (a row with the defaults is created for a
-- brand that had none), before their table goes.
INSERT INTO "SendingSettings" ("brandId", "attributionWindowDays", "revenueCurrency", "updatedAt")
SELECT "brandId", "windowDays", "currency", "updatedAt" FROM "RevenueSettings" WHERE "brandId" IN (SELECT "id" FROM "Brand")
ON CONFLICT ("brandId") DO UPDATE SET "attributionWindowDays" = excluded."attributionWindowDays", "revenueCurrency" = excluded."revenueCurrency";

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "RevenueSettings";
PRAGMA foreign_keys=on;
