-- CreateTable
CREATE TABLE "SnsTopic" (
    "arn" TEXT NOT NULL PRIMARY KEY,
    "confirmedAt" DATETIME NOT NULL
);

