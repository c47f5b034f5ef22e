-- Added by hand: rows of templates deleted before the foreign key existed (they hid nothing any more);
-- the constraint would refuse them.
DELETE FROM "KeptTemplate" WHERE "templateId" NOT IN (SELECT "id" FROM "EmailTemplate");

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_KeptTemplate" (
    "templateId" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "KeptTemplate_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "EmailTemplate" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_KeptTemplate" ("brandId", "createdAt", "templateId") SELECT "brandId", "createdAt", "templateId" FROM "KeptTemplate";
DROP TABLE "KeptTemplate";
ALTER TABLE "new_KeptTemplate" RENAME TO "KeptTemplate";
CREATE INDEX "KeptTemplate_brandId_idx" ON "KeptTemplate"("brandId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

