-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ContactTagJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "tags" JSONB NOT NULL,
    "segmentId" TEXT,
    "view" JSONB,
    "source" TEXT,
    "status" TEXT NOT NULL,
    "total" INTEGER,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "changed" INTEGER NOT NULL DEFAULT 0,
    "cursor" TEXT,
    "lastId" TEXT NOT NULL,
    "claimedUntil" DATETIME,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    CONSTRAINT "ContactTagJob_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ContactTagJob" ("action", "brandId", "changed", "claimedUntil", "createdAt", "cursor", "error", "finishedAt", "id", "lastId", "processed", "segmentId", "startedAt", "status", "tags", "total") SELECT "action", "brandId", "changed", "claimedUntil", "createdAt", "cursor", "error", "finishedAt", "id", "lastId", "processed", "segmentId", "startedAt", "status", "tags", "total" FROM "ContactTagJob";
DROP TABLE "ContactTagJob";
ALTER TABLE "new_ContactTagJob" RENAME TO "ContactTagJob";
CREATE INDEX "ContactTagJob_status_createdAt_idx" ON "ContactTagJob"("status", "createdAt");
CREATE INDEX "ContactTagJob_brandId_createdAt_idx" ON "ContactTagJob"("brandId", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

