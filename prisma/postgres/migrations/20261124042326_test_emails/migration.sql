-- CreateTable
CREATE TABLE "TestEmail" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "userId" TEXT,
    "templateId" TEXT NOT NULL,
    "templateName" TEXT NOT NULL,
    "contactId" TEXT,
    "contactEmail" TEXT,
    "to" JSONB NOT NULL,
    "from" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "transport" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TestEmail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TestEmail_brandId_id_idx" ON "TestEmail"("brandId", "id");

-- AddForeignKey
ALTER TABLE "TestEmail" ADD CONSTRAINT "TestEmail_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand"("id") ON DELETE CASCADE ON UPDATE CASCADE;

