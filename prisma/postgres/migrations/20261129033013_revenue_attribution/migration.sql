-- CreateTable
CREATE TABLE "MessageHourCounter" (
    "brandId" TEXT NOT NULL,
    "sourceKind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "hour" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "MessageHourCounter_pkey" PRIMARY KEY ("brandId","sourceKind","sourceId","hour","metric")
);

-- CreateTable
CREATE TABLE "RevenueSettings" (
    "brandId" TEXT NOT NULL,
    "windowDays" INTEGER NOT NULL DEFAULT 5,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RevenueSettings_pkey" PRIMARY KEY ("brandId")
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
    "engagedAt" TIMESTAMP(3) NOT NULL,
    "orderedAt" TIMESTAMP(3) NOT NULL,
    "currency" TEXT,
    "value" INTEGER NOT NULL,
    "refunded" INTEGER NOT NULL DEFAULT 0,
    "canceledAt" TIMESTAMP(3),

    CONSTRAINT "OrderAttribution_pkey" PRIMARY KEY ("brandId","orderId","model")
);

-- CreateIndex
CREATE INDEX "OrderAttribution_brandId_sourceKind_sourceId_idx" ON "OrderAttribution"("brandId", "sourceKind", "sourceId");

