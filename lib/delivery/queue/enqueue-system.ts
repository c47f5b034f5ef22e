// One email Inkwell writes itself to one address (a signup form's confirmation link), queued inside the
// caller's write transaction so that it commits, or not, with what it confirms. Unlike sendMessagesNow it
// is not sent by the request: the worker takes it when `sendAt` has come (a throttled lane), and a paused
// source holds it (it is written paused when its source is paused already).
import type { SqlRunner } from "@/lib/db/sql";
import { newId } from "@/lib/ids";
import { CounterBatch } from "../counters";
import type { Content } from "../content";
import type { Source } from "../schemas";
import { insertMessages, type MessageRow } from "./enqueue";

export type SystemMessage = {
  /** the message's id (lib/ids), when the caller keeps it (a form's submission does) */
  id?: string;
  brandId: string;
  source: Source;
  /** the stored content (createSystemContent); only its id is written */
  content: Pick<Content, "id">;
  /** the contact it concerns (the outbox and the contact show it), or null */
  contactId: string | null;
  email: string;
  /** unique within the source: a second call with it queues nothing */
  key: string;
  sendAt: Date;
};

/** Queues the message; false when its key was queued before. Wake the worker after the commit (wakeDeliveryWorker). */
export async function queueSystemMessageIn(tx: SqlRunner, m: SystemMessage): Promise<boolean> {
  const [queued] = await queueSystemMessagesIn(tx, [m]);
  return queued;
}

/**
 * Queues several messages with one statement per table (a batch of form submissions' confirmations): each
 * source's state read once, the messages in one insert, their counters in one flush. Per message: false
 * when its key was queued before.
 */
export async function queueSystemMessagesIn(tx: SqlRunner, messages: SystemMessage[]): Promise<boolean[]> {
  if (messages.length === 0) return [];
  const now = new Date();
  const sourceKey = (m: SystemMessage) => JSON.stringify([m.brandId, m.source.kind, m.source.id]);
  const states = new Map<string, string | undefined>();
  for (const m of messages) {
    if (states.has(sourceKey(m))) continue;
    const [state] = await tx.all<{ status: string }>(
      `SELECT "status" FROM "DeliverySource" WHERE "brandId" = ? AND "kind" = ? AND "id" = ?`,
      [m.brandId, m.source.kind, m.source.id],
    );
    states.set(sourceKey(m), state?.status);
  }
  const rows = messages.map((m): MessageRow => {
    const status = states.get(sourceKey(m));
    return {
      id: m.id ?? newId(now),
      brandId: m.brandId,
      contentId: m.content.id,
      sourceKind: m.source.kind,
      sourceId: m.source.id,
      part: "",
      recipientKey: m.key,
      contactId: m.contactId,
      email: m.email,
      mode: "system",
      status: status === "canceled" ? "skipped" : status === "paused" ? "paused" : "queued",
      reason: status === "canceled" ? "canceled" : null,
      priority: 1,
      data: null,
      nextAttemptAt: m.sendAt,
      createdAt: now,
    };
  });
  const inserted = await insertMessages(tx, rows);
  const taken = new Set(inserted.map((r) => JSON.stringify([r.id, r.recipientKey])));
  const counters = new CounterBatch();
  const queued = rows.map((row, i) => {
    if (!taken.has(JSON.stringify([row.id, row.recipientKey]))) return false;
    const m = messages[i];
    const key = { brandId: m.brandId, sourceKind: m.source.kind, sourceId: m.source.id, part: "" };
    if (states.get(sourceKey(m)) === "canceled") counters.skip(key, "skipped", "canceled", now);
    else counters.add(key, "pending", now);
    return true;
  });
  await counters.flush(tx);
  return queued;
}
