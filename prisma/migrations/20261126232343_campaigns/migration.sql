-- CreateTable
CREATE TABLE "Campaign" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameLower" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "statusReason" TEXT,
    "language" TEXT NOT NULL,
    "audience" JSONB NOT NULL,
    "content" JSONB,
    "strategy" TEXT NOT NULL,
    "scheduledAt" DATETIME,
    "optimizeFor" TEXT,
    "isTZOptimizationEnabled" BOOLEAN NOT NULL DEFAULT false,
    "abTest" JSONB,
    "winnerPart" TEXT,
    "winnerSelectedAt" DATETIME,
    "winnerManual" BOOLEAN,
    "parentId" TEXT,
    "boosterSendTo" TEXT,
    "boosterDelayAmount" INTEGER,
    "boosterDelayUnit" TEXT,
    "utm" JSONB,
    "runStep" TEXT,
    "nextRunAt" DATETIME,
    "runCursor" TEXT,
    "claimedBy" TEXT,
    "claimedUntil" DATETIME,
    "queuedCount" INTEGER NOT NULL DEFAULT 0,
    "skippedCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "startedAt" DATETIME,
    "endedAt" DATETIME,
    CONSTRAINT "Campaign_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Brand" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "features" JSONB NOT NULL,
    "postalAddress" TEXT,
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "defaultSendHour" INTEGER NOT NULL DEFAULT 10,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Brand" ("createdAt", "features", "id", "name", "plan", "postalAddress", "updatedAt") SELECT "createdAt", "features", "id", "name", "plan", "postalAddress", "updatedAt" FROM "Brand";
DROP TABLE "Brand";
ALTER TABLE "new_Brand" RENAME TO "Brand";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Campaign_parentId_key" ON "Campaign"("parentId");

-- CreateIndex
CREATE INDEX "Campaign_brandId_createdAt_id_idx" ON "Campaign"("brandId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Campaign_brandId_updatedAt_id_idx" ON "Campaign"("brandId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Campaign_brandId_nameLower_id_idx" ON "Campaign"("brandId", "nameLower", "id");

-- CreateIndex
CREATE INDEX "Campaign_nextRunAt_idx" ON "Campaign"("nextRunAt");

