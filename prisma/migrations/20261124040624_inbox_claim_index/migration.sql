-- DropIndex
DROP INDEX "EventInbox_status_nextAttemptAt_idx";

-- CreateIndex
CREATE INDEX "EventInbox_status_id_idx" ON "EventInbox"("status", "id");

