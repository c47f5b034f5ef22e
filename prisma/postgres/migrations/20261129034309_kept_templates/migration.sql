-- CreateTable
CREATE TABLE "KeptTemplate" (
    "templateId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KeptTemplate_pkey" PRIMARY KEY ("templateId")
);

-- CreateIndex
CREATE INDEX "KeptTemplate_brandId_idx" ON "KeptTemplate"("brandId");

