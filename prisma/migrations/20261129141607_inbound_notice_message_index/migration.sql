-- CreateIndex
CREATE INDEX "InboundNotice_messageId_idx" ON "InboundNotice"("messageId");

