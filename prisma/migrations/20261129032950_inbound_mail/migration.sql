-- AlterTable
ALTER TABLE "SenderDomain" ADD COLUMN "returnPathDomain" TEXT;

-- CreateTable
CREATE TABLE "InboundMail" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "recipient" TEXT NOT NULL,
    "sender" TEXT,
    "via" TEXT NOT NULL,
    "raw" BLOB NOT NULL,
    "status" TEXT NOT NULL,
    "outcome" TEXT,
    "detail" TEXT,
    "brandId" TEXT,
    "messageId" TEXT,
    "fromAddress" TEXT,
    "subject" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "claimedBy" TEXT,
    "receivedAt" DATETIME NOT NULL,
    "handledAt" DATETIME
);

-- CreateIndex
CREATE INDEX "InboundMail_status_nextAttemptAt_idx" ON "InboundMail"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "InboundMail_brandId_outcome_id_idx" ON "InboundMail"("brandId", "outcome", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SenderDomain_returnPathDomain_key" ON "SenderDomain"("returnPathDomain");

