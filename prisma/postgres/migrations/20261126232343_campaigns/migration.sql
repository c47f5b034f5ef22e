-- AlterTable
ALTER TABLE "Brand" ADD COLUMN     "defaultSendHour" INTEGER NOT NULL DEFAULT 10,
ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC';

-- CreateTable
CREATE TABLE "Campaign" (
    "id" TEXT NOT NULL,
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
    "scheduledAt" TIMESTAMP(3),
    "optimizeFor" TEXT,
    "isTZOptimizationEnabled" BOOLEAN NOT NULL DEFAULT false,
    "abTest" JSONB,
    "winnerPart" TEXT,
    "winnerSelectedAt" TIMESTAMP(3),
    "winnerManual" BOOLEAN,
    "parentId" TEXT,
    "boosterSendTo" TEXT,
    "boosterDelayAmount" INTEGER,
    "boosterDelayUnit" TEXT,
    "utm" JSONB,
    "runStep" TEXT,
    "nextRunAt" TIMESTAMP(3),
    "runCursor" TEXT,
    "claimedBy" TEXT,
    "claimedUntil" TIMESTAMP(3),
    "queuedCount" INTEGER NOT NULL DEFAULT 0,
    "skippedCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "Campaign_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand"("id") ON DELETE CASCADE ON UPDATE CASCADE;

