// New content for messages not yet sent (an enabled automation's email step edited live,
// lib/automations/live-queued.ts). Contents stay immutable (the worker keeps what it read): the step gets a
// new content row, made before the edit's transaction, and its unsent messages are pointed at it inside it.
import type { SqlRunner } from "@/lib/db/sql";
import type { EnqueueRequest, Source } from "../schemas";
import { contentOfRequest } from "./enqueue";

/** Stores (or finds) the content enqueueMessages would store for this request now; its id. */
export async function prepareContent(brandId: string, request: Pick<EnqueueRequest, "content" | "options">): Promise<string> {
  return (await contentOfRequest(brandId, request)).id;
}

/**
 * In the caller's write transaction: the part's messages still queued or paused take the content; the number
 * moved. A worker claims a message by setting it `sending` with its id in one statement that also returns the
 * contentId it renders, so a message claimed before this runs keeps what it was claimed with and one claimed
 * after renders the new content; `claimedBy` is checked too (a retried message is queued without one).
 */
export async function moveUnsentMessages(tx: SqlRunner, brandId: string, source: Source, part: string, contentId: string): Promise<number> {
  return tx.run(
    `UPDATE "Message" SET "contentId" = ?
     WHERE "brandId" = ? AND "sourceKind" = ? AND "sourceId" = ? AND "part" = ? AND "status" IN ('queued', 'paused') AND "claimedBy" IS NULL`,
    [contentId, brandId, source.kind, source.id, part],
  );
}
