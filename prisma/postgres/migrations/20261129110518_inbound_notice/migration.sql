-- CreateTable
CREATE TABLE "InboundNotice" (
    "recipient" TEXT NOT NULL,
    "noticeId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "inboundMailId" TEXT NOT NULL,
    "appliedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InboundNotice_pkey" PRIMARY KEY ("recipient","noticeId","messageId")
);

