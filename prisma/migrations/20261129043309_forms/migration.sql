-- CreateTable
CREATE TABLE "Form" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "doubleOptIn" BOOLEAN NOT NULL,
    "topicIds" JSONB NOT NULL,
    "definition" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "FormSubmission" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "formId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "messageId" TEXT,
    "status" TEXT NOT NULL,
    "fields" JSONB NOT NULL,
    "topicIds" JSONB NOT NULL,
    "consentText" TEXT NOT NULL,
    "ip" TEXT,
    "userAgent" TEXT,
    "submittedAt" DATETIME NOT NULL,
    "confirmedAt" DATETIME,
    "confirmIp" TEXT,
    "confirmUserAgent" TEXT
);

-- CreateTable
CREATE TABLE "FormCounter" (
    "formId" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("formId", "metric")
);

-- CreateTable
CREATE TABLE "FormConfirmationLane" (
    "brandId" TEXT NOT NULL PRIMARY KEY,
    "nextSlotAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Form_brandId_createdAt_id_idx" ON "Form"("brandId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "FormSubmission_messageId_key" ON "FormSubmission"("messageId");

-- CreateIndex
CREATE INDEX "FormSubmission_formId_submittedAt_idx" ON "FormSubmission"("formId", "submittedAt");

-- CreateIndex
CREATE INDEX "FormSubmission_brandId_contactId_idx" ON "FormSubmission"("brandId", "contactId");

