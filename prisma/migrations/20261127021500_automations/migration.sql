-- CreateTable
CREATE TABLE "Automation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameLower" TEXT NOT NULL,
    "isEnabled" BOOLEAN NOT NULL DEFAULT false,
    "trigger" JSONB NOT NULL,
    "triggerEvent" TEXT NOT NULL,
    "blocks" JSONB NOT NULL,
    "exitConditions" JSONB NOT NULL,
    "settings" JSONB NOT NULL,
    "firstEnabledAt" DATETIME,
    "enabledAt" DATETIME,
    "disabledAt" DATETIME,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Automation_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AutomationEnrollment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "automationId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "blockId" TEXT,
    "dueAt" DATETIME,
    "trigger" JSONB NOT NULL,
    "triggeredAt" DATETIME NOT NULL,
    "anchorFirstDelay" BOOLEAN NOT NULL DEFAULT false,
    "startedAt" DATETIME,
    "quietKey" TEXT,
    "entryKey" TEXT,
    "claimedBy" TEXT,
    "claimedUntil" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "endedAt" DATETIME,
    "endReason" TEXT,
    CONSTRAINT "AutomationEnrollment_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "Automation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AutomationEnrollment_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AutomationBlockRun" (
    "enrollmentId" TEXT NOT NULL,
    "blockId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "automationId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "outcome" TEXT,
    "detail" TEXT,
    "at" DATETIME NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "claimedBy" TEXT,
    "claimedUntil" DATETIME,

    PRIMARY KEY ("enrollmentId", "blockId"),
    CONSTRAINT "AutomationBlockRun_enrollmentId_fkey" FOREIGN KEY ("enrollmentId") REFERENCES "AutomationEnrollment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AutomationCounter" (
    "automationId" TEXT NOT NULL,
    "blockId" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("automationId", "blockId", "metric")
);

-- CreateTable
CREATE TABLE "AutomationSchedule" (
    "automationId" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "nextRunAt" DATETIME NOT NULL,
    "cursor" TEXT,
    "claimedBy" TEXT,
    "claimedUntil" DATETIME
);

-- CreateTable
CREATE TABLE "AutomationSegmentMember" (
    "automationId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "seenAt" DATETIME NOT NULL,

    PRIMARY KEY ("automationId", "contactId")
);

-- CreateTable
CREATE TABLE "AutomationTriggerVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" INTEGER NOT NULL
);

-- CreateIndex
CREATE INDEX "Automation_brandId_createdAt_id_idx" ON "Automation"("brandId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Automation_brandId_updatedAt_id_idx" ON "Automation"("brandId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Automation_isEnabled_brandId_idx" ON "Automation"("isEnabled", "brandId");

-- CreateIndex
CREATE UNIQUE INDEX "AutomationEnrollment_quietKey_key" ON "AutomationEnrollment"("quietKey");

-- CreateIndex
CREATE UNIQUE INDEX "AutomationEnrollment_entryKey_key" ON "AutomationEnrollment"("entryKey");

-- CreateIndex
CREATE INDEX "AutomationEnrollment_dueAt_idx" ON "AutomationEnrollment"("dueAt");

-- CreateIndex
CREATE INDEX "AutomationEnrollment_automationId_contactId_idx" ON "AutomationEnrollment"("automationId", "contactId");

-- CreateIndex
CREATE INDEX "AutomationEnrollment_automationId_status_endedAt_idx" ON "AutomationEnrollment"("automationId", "status", "endedAt");

-- CreateIndex
CREATE INDEX "AutomationEnrollment_brandId_contactId_triggeredAt_idx" ON "AutomationEnrollment"("brandId", "contactId", "triggeredAt");

-- CreateIndex
CREATE INDEX "AutomationBlockRun_status_nextAttemptAt_idx" ON "AutomationBlockRun"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "AutomationBlockRun_brandId_contactId_at_idx" ON "AutomationBlockRun"("brandId", "contactId", "at");

-- CreateIndex
CREATE INDEX "AutomationSchedule_nextRunAt_idx" ON "AutomationSchedule"("nextRunAt");

-- CreateIndex
CREATE INDEX "ContactStatusChange_brandId_id_idx" ON "ContactStatusChange"("brandId", "id");

