-- CreateTable
CREATE TABLE "Message" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "sourceKind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "part" TEXT NOT NULL DEFAULT '',
    "recipientKey" TEXT NOT NULL,
    "contactId" TEXT,
    "email" TEXT,
    "mode" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "detail" TEXT,
    "priority" INTEGER NOT NULL,
    "data" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "claimedBy" TEXT,
    "transport" TEXT,
    "createdAt" DATETIME NOT NULL,
    "sentAt" DATETIME,
    "openedAt" DATETIME,
    "clickedAt" DATETIME,
    "opens" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "bouncedAt" DATETIME,
    "complainedAt" DATETIME,
    "unsubscribedAt" DATETIME,
    CONSTRAINT "Message_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Message_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Message_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "MessageContent" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MessageContent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "templateName" TEXT NOT NULL,
    "document" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "preheader" TEXT,
    "senderName" TEXT NOT NULL,
    "senderEmail" TEXT NOT NULL,
    "replyTo" TEXT,
    "utm" TEXT,
    "category" TEXT NOT NULL,
    "sendingThreshold" TEXT NOT NULL,
    "trackOpens" BOOLEAN NOT NULL,
    "trackClicks" BOOLEAN NOT NULL,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "MessageContent_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MessageCounter" (
    "brandId" TEXT NOT NULL,
    "sourceKind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "part" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("brandId", "sourceKind", "sourceId", "part", "day", "metric")
);

-- CreateTable
CREATE TABLE "MessageLinkCounter" (
    "brandId" TEXT NOT NULL,
    "sourceKind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "part" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL,
    "uniqueClicks" INTEGER NOT NULL,

    PRIMARY KEY ("brandId", "sourceKind", "sourceId", "part", "url")
);

-- CreateTable
CREATE TABLE "MessageClick" (
    "messageId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "firstAt" DATETIME NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("messageId", "url")
);

-- CreateTable
CREATE TABLE "MessageBody" (
    "messageId" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "headers" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DeliverySource" (
    "brandId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "changedAt" DATETIME NOT NULL,

    PRIMARY KEY ("brandId", "kind", "id")
);

-- CreateTable
CREATE TABLE "Suppression" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "addressHash" TEXT NOT NULL,
    "email" TEXT,
    "reason" TEXT NOT NULL,
    "detail" TEXT,
    "messageId" TEXT,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "Suppression_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SenderDomain" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "dkimSelector" TEXT NOT NULL,
    "dkimPublicKey" TEXT NOT NULL,
    "dkimPrivateKey" TEXT NOT NULL,
    "verifiedAt" DATETIME,
    "lastCheckedAt" DATETIME,
    "lastCheck" TEXT,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "SenderDomain_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SenderAddress" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "verifiedAt" DATETIME,
    "verifiedBy" TEXT,
    "confirmTokenHash" TEXT,
    "confirmSentAt" DATETIME,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "SenderAddress_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SendingSettings" (
    "brandId" TEXT NOT NULL PRIMARY KEY,
    "trackOpens" BOOLEAN NOT NULL DEFAULT true,
    "trackClicks" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SendingSettings_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Message_status_priority_nextAttemptAt_idx" ON "Message"("status", "priority", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "Message_brandId_sourceKind_sourceId_part_status_id_idx" ON "Message"("brandId", "sourceKind", "sourceId", "part", "status", "id");

-- CreateIndex
CREATE INDEX "Message_brandId_contactId_idx" ON "Message"("brandId", "contactId");

-- CreateIndex
CREATE INDEX "Message_brandId_id_idx" ON "Message"("brandId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Message_brandId_sourceKind_sourceId_recipientKey_key" ON "Message"("brandId", "sourceKind", "sourceId", "recipientKey");

-- CreateIndex
CREATE UNIQUE INDEX "MessageContent_brandId_hash_key" ON "MessageContent"("brandId", "hash");

-- CreateIndex
CREATE INDEX "MessageBody_brandId_messageId_idx" ON "MessageBody"("brandId", "messageId");

-- CreateIndex
CREATE INDEX "Suppression_brandId_id_idx" ON "Suppression"("brandId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Suppression_brandId_addressHash_key" ON "Suppression"("brandId", "addressHash");

-- CreateIndex
CREATE UNIQUE INDEX "SenderDomain_brandId_domain_key" ON "SenderDomain"("brandId", "domain");

-- CreateIndex
CREATE UNIQUE INDEX "SenderAddress_brandId_email_key" ON "SenderAddress"("brandId", "email");

