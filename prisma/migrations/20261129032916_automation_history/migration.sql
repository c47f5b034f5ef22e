-- CreateTable
CREATE TABLE "AutomationChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "automationId" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "actorKind" TEXT NOT NULL,
    "actorName" TEXT NOT NULL,
    "live" BOOLEAN NOT NULL DEFAULT false,
    "changes" JSONB NOT NULL
);

-- CreateIndex
CREATE INDEX "AutomationChange_automationId_at_idx" ON "AutomationChange"("automationId", "at");

