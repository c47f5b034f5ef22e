-- CreateTable
CREATE TABLE "Form" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "doubleOptIn" BOOLEAN NOT NULL,
    "topicIds" JSONB NOT NULL,
    "definition" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Form_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormSubmission" (
    "id" TEXT NOT NULL,
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
    "submittedAt" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "confirmIp" TEXT,
    "confirmUserAgent" TEXT,

    CONSTRAINT "FormSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormCounter" (
    "formId" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "FormCounter_pkey" PRIMARY KEY ("formId","metric")
);

-- CreateTable
CREATE TABLE "FormConfirmationLane" (
    "brandId" TEXT NOT NULL,
    "nextSlotAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FormConfirmationLane_pkey" PRIMARY KEY ("brandId")
);

-- CreateIndex
CREATE INDEX "Form_brandId_createdAt_id_idx" ON "Form"("brandId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "FormSubmission_messageId_key" ON "FormSubmission"("messageId");

-- CreateIndex
CREATE INDEX "FormSubmission_formId_submittedAt_idx" ON "FormSubmission"("formId", "submittedAt");

-- CreateIndex
CREATE INDEX "FormSubmission_brandId_contactId_idx" ON "FormSubmission"("brandId", "contactId");

