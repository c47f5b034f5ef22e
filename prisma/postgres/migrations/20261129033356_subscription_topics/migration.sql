-- AlterTable
ALTER TABLE "MessageContent" ADD COLUMN     "topicId" TEXT,
ADD COLUMN     "topicKind" TEXT;

-- CreateTable
CREATE TABLE "SubscriptionTopic" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameLower" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "kind" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SubscriptionTopic_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactTopicSubscription" (
    "contactId" TEXT NOT NULL,
    "topicId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "statusChangedAt" TIMESTAMP(3) NOT NULL,
    "source" TEXT NOT NULL,

    CONSTRAINT "ContactTopicSubscription_pkey" PRIMARY KEY ("contactId","topicId")
);

-- CreateIndex
CREATE INDEX "SubscriptionTopic_brandId_createdAt_id_idx" ON "SubscriptionTopic"("brandId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SubscriptionTopic_brandId_nameLower_key" ON "SubscriptionTopic"("brandId", "nameLower");

-- CreateIndex
CREATE INDEX "ContactTopicSubscription_brandId_topicId_status_contactId_idx" ON "ContactTopicSubscription"("brandId", "topicId", "status", "contactId");

-- AddForeignKey
ALTER TABLE "SubscriptionTopic" ADD CONSTRAINT "SubscriptionTopic_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactTopicSubscription" ADD CONSTRAINT "ContactTopicSubscription_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactTopicSubscription" ADD CONSTRAINT "ContactTopicSubscription_topicId_fkey" FOREIGN KEY ("topicId") REFERENCES "SubscriptionTopic"("id") ON DELETE CASCADE ON UPDATE CASCADE;

