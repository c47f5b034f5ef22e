-- CreateTable
CREATE TABLE "InboundNotice" (
    "recipient" TEXT NOT NULL,
    "noticeId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "inboundMailId" TEXT NOT NULL,
    "appliedAt" DATETIME NOT NULL,

    PRIMARY KEY ("recipient", "noticeId", "messageId")
);

