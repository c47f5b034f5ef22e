-- CreateTable
CREATE TABLE "InboundRaw" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "raw" BLOB NOT NULL,
    CONSTRAINT "InboundRaw_id_fkey" FOREIGN KEY ("id") REFERENCES "InboundMail" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Added by hand: the stored messages' bytes move to their own rows (lib/inbound; the generated redefinition drops the column)
INSERT INTO "InboundRaw" ("id", "raw") SELECT "id", "raw" FROM "InboundMail";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_InboundMail" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "recipient" TEXT NOT NULL,
    "sender" TEXT,
    "via" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "outcome" TEXT,
    "detail" TEXT,
    "brandId" TEXT,
    "messageId" TEXT,
    "fromAddress" TEXT,
    "subject" TEXT,
    "text" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "claimedBy" TEXT,
    "receivedAt" DATETIME NOT NULL,
    "handledAt" DATETIME
);
INSERT INTO "new_InboundMail" ("attempts", "brandId", "claimedBy", "detail", "fromAddress", "handledAt", "id", "messageId", "nextAttemptAt", "outcome", "receivedAt", "recipient", "sender", "status", "subject", "text", "via") SELECT "attempts", "brandId", "claimedBy", "detail", "fromAddress", "handledAt", "id", "messageId", "nextAttemptAt", "outcome", "receivedAt", "recipient", "sender", "status", "subject", "text", "via" FROM "InboundMail";
DROP TABLE "InboundMail";
ALTER TABLE "new_InboundMail" RENAME TO "InboundMail";
CREATE INDEX "InboundMail_status_nextAttemptAt_idx" ON "InboundMail"("status", "nextAttemptAt");
CREATE INDEX "InboundMail_brandId_outcome_id_idx" ON "InboundMail"("brandId", "outcome", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

