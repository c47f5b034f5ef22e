-- CreateTable
CREATE TABLE "AutomationChange" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "automationId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "actorKind" TEXT NOT NULL,
    "actorName" TEXT NOT NULL,
    "live" BOOLEAN NOT NULL DEFAULT false,
    "changes" JSONB NOT NULL,

    CONSTRAINT "AutomationChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AutomationChange_automationId_at_idx" ON "AutomationChange"("automationId", "at");

