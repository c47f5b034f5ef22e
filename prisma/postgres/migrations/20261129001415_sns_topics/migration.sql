-- CreateTable
CREATE TABLE "SnsTopic" (
    "arn" TEXT NOT NULL,
    "confirmedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SnsTopic_pkey" PRIMARY KEY ("arn")
);

