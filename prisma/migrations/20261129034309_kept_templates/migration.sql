-- CreateTable
CREATE TABLE "KeptTemplate" (
    "templateId" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "KeptTemplate_brandId_idx" ON "KeptTemplate"("brandId");

