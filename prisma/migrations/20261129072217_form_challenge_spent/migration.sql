-- CreateTable
CREATE TABLE "FormChallengeSpent" (
    "signature" TEXT NOT NULL PRIMARY KEY,
    "expiresAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "FormChallengeSpent_expiresAt_idx" ON "FormChallengeSpent"("expiresAt");

