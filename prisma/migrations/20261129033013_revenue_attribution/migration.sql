-- CreateTable
CREATE TABLE "MessageHourCounter" (
    "brandId" TEXT NOT NULL,
    "sourceKind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "hour" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("brandId", "sourceKind", "sourceId", "hour", "metric")
);

-- CreateTable
CREATE TABLE "RevenueSettings" (
    "brandId" TEXT NOT NULL PRIMARY KEY,
    "windowDays" INTEGER NOT NULL DEFAULT 5,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "OrderAttribution" (
    "brandId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "sourceKind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "part" TEXT NOT NULL,
    "engagedAt" DATETIME NOT NULL,
    "orderedAt" DATETIME NOT NULL,
    "currency" TEXT,
    "value" INTEGER NOT NULL,
    "refunded" INTEGER NOT NULL DEFAULT 0,
    "canceledAt" DATETIME,

    PRIMARY KEY ("brandId", "orderId", "model")
);

-- CreateIndex
CREATE INDEX "OrderAttribution_brandId_sourceKind_sourceId_idx" ON "OrderAttribution"("brandId", "sourceKind", "sourceId");

