-- CreateTable
CREATE TABLE "FormChallengeSpent" (
    "signature" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FormChallengeSpent_pkey" PRIMARY KEY ("signature")
);

-- CreateIndex
CREATE INDEX "FormChallengeSpent_expiresAt_idx" ON "FormChallengeSpent"("expiresAt");

