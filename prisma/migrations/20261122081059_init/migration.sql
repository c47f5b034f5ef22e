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
    "contactId" TEXT,
    "duplicateOf" TEXT
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

