-- CreateTable
CREATE TABLE "Message" (
    "id" TEXT NOT NULL,
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
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "claimedBy" TEXT,
    "transport" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "sentAt" TIMESTAMP(3),
    "openedAt" TIMESTAMP(3),
    "clickedAt" TIMESTAMP(3),
    "opens" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "bouncedAt" TIMESTAMP(3),
    "complainedAt" TIMESTAMP(3),
    "unsubscribedAt" TIMESTAMP(3),

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MessageContent" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MessageContent_pkey" PRIMARY KEY ("id")
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

    CONSTRAINT "MessageCounter_pkey" PRIMARY KEY ("brandId","sourceKind","sourceId","part","day","metric")
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

    CONSTRAINT "MessageLinkCounter_pkey" PRIMARY KEY ("brandId","sourceKind","sourceId","part","url")
);

-- CreateTable
CREATE TABLE "MessageClick" (
    "messageId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "firstAt" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "MessageClick_pkey" PRIMARY KEY ("messageId","url")
);

-- CreateTable
CREATE TABLE "MessageBody" (
    "messageId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "headers" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MessageBody_pkey" PRIMARY KEY ("messageId")
);

-- CreateTable
CREATE TABLE "DeliverySource" (
    "brandId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "changedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DeliverySource_pkey" PRIMARY KEY ("brandId","kind","id")
);

-- CreateTable
CREATE TABLE "Suppression" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "addressHash" TEXT NOT NULL,
    "email" TEXT,
    "reason" TEXT NOT NULL,
    "detail" TEXT,
    "messageId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Suppression_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SenderDomain" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "dkimSelector" TEXT NOT NULL,
    "dkimPublicKey" TEXT NOT NULL,
    "dkimPrivateKey" TEXT NOT NULL,
    "verifiedAt" TIMESTAMP(3),
    "lastCheckedAt" TIMESTAMP(3),
    "lastCheck" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SenderDomain_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SenderAddress" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "verifiedAt" TIMESTAMP(3),
    "verifiedBy" TEXT,
    "confirmTokenHash" TEXT,
    "confirmSentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SenderAddress_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SendingSettings" (
    "brandId" TEXT NOT NULL,
    "trackOpens" BOOLEAN NOT NULL DEFAULT true,
    "trackClicks" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SendingSettings_pkey" PRIMARY KEY ("brandId")
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

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "MessageContent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageContent" ADD CONSTRAINT "MessageContent_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Suppression" ADD CONSTRAINT "Suppression_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SenderDomain" ADD CONSTRAINT "SenderDomain_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SenderAddress" ADD CONSTRAINT "SenderAddress_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SendingSettings" ADD CONSTRAINT "SendingSettings_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand"("id") ON DELETE CASCADE ON UPDATE CASCADE;

