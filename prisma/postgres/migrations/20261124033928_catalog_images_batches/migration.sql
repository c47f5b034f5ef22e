-- CreateTable
CREATE TABLE "CatalogProduct" (
    "brandId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "document" JSONB NOT NULL,
    "title" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "imageUrl" TEXT,
    "price" DOUBLE PRECISION,
    "categoryIds" JSONB NOT NULL,
    "backInStockAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CatalogProduct_pkey" PRIMARY KEY ("brandId","productId")
);

-- CreateTable
CREATE TABLE "ProductCategory" (
    "brandId" TEXT NOT NULL,
    "categoryId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductCategory_pkey" PRIMARY KEY ("brandId","categoryId")
);

-- CreateTable
CREATE TABLE "Image" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameLower" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "storage" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Image_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Batch" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "totalCount" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "claimedBy" TEXT,
    "claimedUntil" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "lastError" TEXT,

    CONSTRAINT "Batch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BatchItem" (
    "id" TEXT NOT NULL,
    "batchId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "request" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "responseCode" INTEGER,
    "response" TEXT,
    "processedAt" TIMESTAMP(3),

    CONSTRAINT "BatchItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CatalogProduct_brandId_createdAt_productId_idx" ON "CatalogProduct"("brandId", "createdAt", "productId");

-- CreateIndex
CREATE INDEX "CatalogProduct_brandId_updatedAt_productId_idx" ON "CatalogProduct"("brandId", "updatedAt", "productId");

-- CreateIndex
CREATE INDEX "ProductCategory_brandId_createdAt_categoryId_idx" ON "ProductCategory"("brandId", "createdAt", "categoryId");

-- CreateIndex
CREATE INDEX "ProductCategory_brandId_title_categoryId_idx" ON "ProductCategory"("brandId", "title", "categoryId");

-- CreateIndex
CREATE INDEX "ProductCategory_brandId_updatedAt_categoryId_idx" ON "ProductCategory"("brandId", "updatedAt", "categoryId");

-- CreateIndex
CREATE UNIQUE INDEX "Image_storageKey_key" ON "Image"("storageKey");

-- CreateIndex
CREATE INDEX "Image_brandId_createdAt_id_idx" ON "Image"("brandId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Image_brandId_nameLower_id_idx" ON "Image"("brandId", "nameLower", "id");

-- CreateIndex
CREATE INDEX "Batch_status_nextAttemptAt_idx" ON "Batch"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "Batch_brandId_endpoint_createdAt_idx" ON "Batch"("brandId", "endpoint", "createdAt");

-- CreateIndex
CREATE INDEX "BatchItem_batchId_status_idx" ON "BatchItem"("batchId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "BatchItem_batchId_position_key" ON "BatchItem"("batchId", "position");

-- AddForeignKey
ALTER TABLE "BatchItem" ADD CONSTRAINT "BatchItem_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "Batch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

