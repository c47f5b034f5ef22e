-- AlterTable
ALTER TABLE "SenderDomain" ADD COLUMN     "returnPathDomain" TEXT;

-- CreateTable
CREATE TABLE "InboundMail" (
    "id" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "sender" TEXT,
    "via" TEXT NOT NULL,
    "raw" BYTEA NOT NULL,
    "status" TEXT NOT NULL,
    "outcome" TEXT,
    "detail" TEXT,
    "brandId" TEXT,
    "messageId" TEXT,
    "fromAddress" TEXT,
    "subject" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "claimedBy" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL,
    "handledAt" TIMESTAMP(3),

    CONSTRAINT "InboundMail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "InboundMail_status_nextAttemptAt_idx" ON "InboundMail"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "InboundMail_brandId_outcome_id_idx" ON "InboundMail"("brandId", "outcome", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SenderDomain_returnPathDomain_key" ON "SenderDomain"("returnPathDomain");

