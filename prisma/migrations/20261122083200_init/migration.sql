-- CreateTable
CREATE TABLE "Brand" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "features" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT NOT NULL,
    "isOperator" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Membership" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'owner',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Membership_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "ApiKey_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ContactEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "eventName" TEXT NOT NULL,
    "eventVersion" TEXT,
    "origin" TEXT NOT NULL,
    "eventID" TEXT,
    "eventTime" DATETIME NOT NULL,
    "receivedAt" DATETIME NOT NULL,
    "properties" JSONB NOT NULL,
    CONSTRAINT "ContactEvent_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Contact" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "firstName" TEXT,
    "lastName" TEXT,
    "gender" TEXT,
    "birthdate" TEXT,
    "address" TEXT,
    "city" TEXT,
    "state" TEXT,
    "country" TEXT,
    "countryCode" TEXT,
    "postalCode" TEXT,
    "customProperties" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Contact_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ContactIdentifier" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "statusChangedAt" DATETIME NOT NULL,
    "consent" JSONB,
    "sendWelcomeMessage" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "ContactIdentifier_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ContactTag" (
    "contactId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "tag" TEXT NOT NULL,

    PRIMARY KEY ("contactId", "tag"),
    CONSTRAINT "ContactTag_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ContactStatusChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "identifierType" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "from" TEXT,
    "to" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    CONSTRAINT "ContactStatusChange_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Segment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "conditionGroups" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ready',
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Segment_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EventInbox" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "eventName" TEXT NOT NULL,
    "eventVersion" TEXT,
    "origin" TEXT NOT NULL,
    "originInIdentity" BOOLEAN NOT NULL,
    "eventID" TEXT,
    "eventTime" DATETIME NOT NULL,
    "receivedAt" DATETIME NOT NULL,
    "historical" BOOLEAN NOT NULL,
    "payload" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL,
    "nextAttemptAt" DATETIME NOT NULL,
    "claimedBy" TEXT,
    "claimedUntil" DATETIME,
    "lastError" TEXT,
    "processedAt" DATETIME,
    "outcome" TEXT
);

-- CreateTable
CREATE TABLE "EventDedupKey" (
    "brandId" TEXT NOT NULL,
    "eventID" TEXT NOT NULL,
    "eventTime" DATETIME NOT NULL,
    "inboxId" TEXT NOT NULL,

    PRIMARY KEY ("brandId", "eventID", "eventTime")
);

-- CreateTable
CREATE TABLE "EventIdentity" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "eventName" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "eventVersion" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "firstSeenAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL,
    CONSTRAINT "EventIdentity_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Product" (
    "brandId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "title" TEXT,
    "price" REAL,
    "currency" TEXT,
    "url" TEXT,
    "imageUrl" TEXT,
    "categories" JSONB NOT NULL,
    "inStock" BOOLEAN,
    "backInStockAt" DATETIME,
    "firstSeenAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL,
    "viewCount" INTEGER NOT NULL,
    "orderCount" INTEGER NOT NULL,

    PRIMARY KEY ("brandId", "productId"),
    CONSTRAINT "Product_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EmailTemplate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameLower" TEXT NOT NULL,
    "generalSettings" JSONB NOT NULL,
    "sections" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "EmailTemplate_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UniversalLayout" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameLower" TEXT NOT NULL,
    "content" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "UniversalLayout_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TemplateLayoutRef" (
    "templateId" TEXT NOT NULL,
    "layoutId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,

    PRIMARY KEY ("templateId", "layoutId"),
    CONSTRAINT "TemplateLayoutRef_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "EmailTemplate" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TemplateLayoutRef_layoutId_fkey" FOREIGN KEY ("layoutId") REFERENCES "UniversalLayout" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "Membership_brandId_idx" ON "Membership"("brandId");

-- CreateIndex
CREATE UNIQUE INDEX "Membership_userId_brandId_key" ON "Membership"("userId", "brandId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_secretHash_key" ON "ApiKey"("secretHash");

-- CreateIndex
CREATE INDEX "ApiKey_brandId_createdAt_idx" ON "ApiKey"("brandId", "createdAt");

-- CreateIndex
CREATE INDEX "ContactEvent_brandId_contactId_eventTime_idx" ON "ContactEvent"("brandId", "contactId", "eventTime");

-- CreateIndex
CREATE INDEX "ContactEvent_brandId_eventName_eventTime_idx" ON "ContactEvent"("brandId", "eventName", "eventTime");

-- CreateIndex
CREATE INDEX "Contact_brandId_createdAt_id_idx" ON "Contact"("brandId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Contact_brandId_updatedAt_id_idx" ON "Contact"("brandId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "ContactIdentifier_contactId_idx" ON "ContactIdentifier"("contactId");

-- CreateIndex
CREATE UNIQUE INDEX "ContactIdentifier_brandId_type_value_key" ON "ContactIdentifier"("brandId", "type", "value");

-- CreateIndex
CREATE INDEX "ContactTag_brandId_tag_idx" ON "ContactTag"("brandId", "tag");

-- CreateIndex
CREATE INDEX "ContactStatusChange_contactId_at_idx" ON "ContactStatusChange"("contactId", "at");

-- CreateIndex
CREATE INDEX "Segment_brandId_createdAt_id_idx" ON "Segment"("brandId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Segment_brandId_name_id_idx" ON "Segment"("brandId", "name", "id");

-- CreateIndex
CREATE INDEX "EventInbox_status_nextAttemptAt_idx" ON "EventInbox"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "EventInbox_brandId_status_id_idx" ON "EventInbox"("brandId", "status", "id");

-- CreateIndex
CREATE UNIQUE INDEX "EventIdentity_brandId_eventName_origin_eventVersion_key" ON "EventIdentity"("brandId", "eventName", "origin", "eventVersion");

-- CreateIndex
CREATE INDEX "Product_brandId_firstSeenAt_idx" ON "Product"("brandId", "firstSeenAt");

-- CreateIndex
CREATE INDEX "Product_brandId_viewCount_idx" ON "Product"("brandId", "viewCount");

-- CreateIndex
CREATE INDEX "Product_brandId_orderCount_idx" ON "Product"("brandId", "orderCount");

-- CreateIndex
CREATE INDEX "EmailTemplate_brandId_createdAt_id_idx" ON "EmailTemplate"("brandId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "EmailTemplate_brandId_nameLower_id_idx" ON "EmailTemplate"("brandId", "nameLower", "id");

-- CreateIndex
CREATE INDEX "UniversalLayout_brandId_createdAt_id_idx" ON "UniversalLayout"("brandId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "TemplateLayoutRef_layoutId_brandId_idx" ON "TemplateLayoutRef"("layoutId", "brandId");

