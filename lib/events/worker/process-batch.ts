// Processes a batch of claimed events: contacts first (idempotent upserts), then a transaction (one for
// the batch, or one per BatchOptions.commitChunk events) that deduplicates historical events, attaches
// events to contacts, counts identities, keeps product data, attributes orders to emails, writes the enrollments and exits of enabled
// automations (lib/automations/engine/on-events.ts) and marks the events done, only if this worker still
// holds their claims. The ContactEvent row takes the inbox event's id, so an event can never be attached twice.
// A failing transaction is retried event by event, so one bad event cannot hold up the others; a failing
// event is retried with backoff, or parked with its error when it cannot succeed.
import { automationsOnEvents, eventTriggers } from "@/lib/automations/engine/on-events";
import { wakeAutomations } from "@/lib/automations/engine/wake";
import { config } from "@/lib/config";
import { attributeOrders, isOrderEvent } from "@/lib/delivery";
import { writeStatement, writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { ApiProblem } from "@/lib/http/problems";
import { recordProducts, productFacts } from "@/lib/products/record-products";
import type { EventPayload } from "../accept-event";
import { identityOf, recordIdentities } from "../identities";
import type { ClaimedEvent } from "./claim-events";
import { ContactResolver } from "./resolve-contacts";

const RETRY_MAX_MS = 10 * 60_000;

type Prepared = { event: ClaimedEvent; payload: EventPayload; contactId: string | null };
type Outcome = "processed" | "duplicate" | "no-contact";

class LostClaim extends Error {}

function parsePayload(event: ClaimedEvent): EventPayload {
  return JSON.parse(event.payload) as EventPayload;
}

const list = (n: number, item: string) => Array.from({ length: n }, () => item).join(", ");

/** Commits a batch's outcomes; returns the automation enrollments it wrote. */
async function commit(tx: SqlRunner, workerId: string, items: Prepared[], now: Date, automations: boolean): Promise<number> {
  const outcome = new Map<string, Outcome>();
  // Historical events with the same eventID and eventTime are processed once; the key is claimed in
  // this transaction, so a concurrent worker with the twin waits for it (or skips it if we commit).
  const keyed = items.filter(({ event }) => event.historical && event.eventID);
  if (keyed.length > 0) {
    const inserted = await tx.all<{ inboxId: string }>(
      `INSERT INTO "EventDedupKey" ("brandId", "eventID", "eventTime", "inboxId") VALUES ${list(keyed.length, "(?, ?, ?ts, ?)")}
       ON CONFLICT DO NOTHING RETURNING "inboxId"`,
      keyed.flatMap(({ event }) => [event.brandId, event.eventID, event.eventTime, event.id]),
    );
    const kept = new Set(inserted.map((r) => r.inboxId));
    for (const { event } of keyed) if (!kept.has(event.id)) outcome.set(event.id, "duplicate");
  }
  const live = items.filter((i) => outcome.get(i.event.id) !== "duplicate");
  const attached = live.filter((i) => i.contactId !== null);
  for (const i of live) if (i.contactId === null) outcome.set(i.event.id, "no-contact");
  if (attached.length > 0) {
    await tx.run(
      `INSERT INTO "ContactEvent" ("id", "brandId", "contactId", "eventName", "eventVersion", "origin", "eventID", "eventTime", "receivedAt", "properties")
       VALUES ${list(attached.length, "(?, ?, ?, ?, ?, ?, ?, ?ts, ?ts, ?json)")}`,
      attached.flatMap(({ event, payload, contactId }) => [
        event.id,
        event.brandId,
        contactId,
        event.eventName,
        event.eventVersion,
        event.origin,
        event.eventID,
        event.eventTime,
        event.receivedAt,
        JSON.stringify(payload.properties ?? {}),
      ]),
    );
  }
  await recordIdentities(
    tx,
    live.map(({ event }) => ({ key: identityOf(event), at: event.receivedAt })),
  );
  await recordProducts(
    tx,
    live.flatMap(({ event, payload }) => productFacts({ ...event, properties: payload.properties ?? {} })),
  );
  // Orders, refunds and cancellations are attributed to the email last clicked (lib/delivery/attribution);
  // a batch without one pays a scan of its names.
  if (attached.some((i) => isOrderEvent(i.event.eventName)))
    await attributeOrders(
      tx,
      attached.map(({ event, payload, contactId }) => ({ ...event, contactId, properties: payload.properties ?? {} })),
    );
  const enrolled = automations
    ? await automationsOnEvents(
        tx,
        attached.map(({ event, payload, contactId }) => ({ ...event, contactId, properties: payload.properties ?? {} })),
        now,
      )
    : 0;
  for (const result of ["processed", "duplicate", "no-contact"] as const) {
    const ids = items.filter((i) => (outcome.get(i.event.id) ?? "processed") === result).map((i) => i.event.id);
    if (ids.length === 0) continue;
    const count = await tx.run(
      `UPDATE "EventInbox" SET "status" = 'done', "outcome" = ?, "processedAt" = ?ts, "claimedBy" = NULL, "claimedUntil" = NULL, "lastError" = NULL
       WHERE "id" IN (${list(ids.length, "?")}) AND "claimedBy" = ? AND "status" = 'pending'`,
      [result, now, ...ids, workerId],
    );
    if (count !== ids.length) throw new LostClaim(`${ids.length - count} event(s) were claimed by another worker after our lease lapsed`);
  }
  return enrolled;
}

function describe(error: unknown): string {
  if (error instanceof ApiProblem) {
    const fields = error.extra.errors?.map((e) => `${e.field}: ${e.message}`).join("; ");
    return `${error.code}: ${error.detail}${fields ? ` (${fields})` : ""}`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Client errors (a contact the data cannot produce) will fail the same way again: park at once. */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiProblem && error.status < 500;
}

async function fail(workerId: string, event: ClaimedEvent, error: unknown): Promise<void> {
  const { EVENTS_MAX_ATTEMPTS, EVENTS_RETRY_BASE_MS } = config();
  const park = isPermanent(error) || event.attempts >= EVENTS_MAX_ATTEMPTS;
  const delay = Math.min(RETRY_MAX_MS, EVENTS_RETRY_BASE_MS * 2 ** (event.attempts - 1));
  await writeStatement(
    `UPDATE "EventInbox" SET "status" = ?, "nextAttemptAt" = ?ts, "lastError" = ?, "claimedBy" = NULL, "claimedUntil" = NULL
     WHERE "id" = ? AND "claimedBy" = ?`,
    [park ? "parked" : "pending", new Date(Date.now() + (park ? 0 : delay)), describe(error).slice(0, 2000), event.id, workerId],
  );
  if (park) console.warn(`[events] parked event ${event.id} after ${event.attempts} attempt(s): ${describe(error)}`);
}

export type BatchOptions = {
  /**
   * Commit the batch in transactions of this many events (default: one transaction). Where the database
   * has one writer (lib/db/capabilities.ts needsSingleWriterThread), the request thread's inbox commits
   * run on this thread's writer between two transactions, so while events arrive the worker commits in
   * small transactions: a request waits for one of them (a few ms) rather than for the whole batch's
   * (tens of ms: p99 of POST /api/events, docs/performance.md).
   */
  commitChunk?: number;
};

export async function processBatch(
  workerId: string,
  events: ClaimedEvent[],
  options: BatchOptions = {},
): Promise<{ processed: number; failed: number }> {
  const debug = config().EVENTS_DEBUG === "on";
  const prepared: Prepared[] = [];
  const failures: { event: ClaimedEvent; error: unknown }[] = [];
  const resolver = new ContactResolver();
  const startedAt = Date.now();
  const parsed = events.map((event) => ({ event, payload: parsePayload(event) }));
  const contacts = parsed.map(({ event, payload }) => ({ brandId: event.brandId, contact: payload.contact }));
  await resolver.prefetch(contacts);
  const resolved = await resolver.resolveAll(contacts);
  parsed.forEach(({ event, payload }, i) => {
    const outcome = resolved[i];
    if ("error" in outcome) failures.push({ event, error: outcome.error });
    else prepared.push({ event, payload, contactId: outcome.contactId });
  });
  let committed = 0;
  let enrolled = 0;
  const now = new Date();
  if (debug) console.log(`[events] contacts resolved in ${now.getTime() - startedAt} ms`);
  // The enabled workflows' triggers, reloaded only when one was enabled, disabled or deleted.
  const automations = await eventTriggers.refresh();
  const chunk = Math.max(1, options.commitChunk ?? prepared.length);
  for (let start = 0; start < prepared.length; start += chunk) {
    const part = prepared.slice(start, start + chunk);
    try {
      enrolled += await writeTransaction((tx) => commit(tx, workerId, part, now, automations));
      committed += part.length;
    } catch {
      for (const item of part) {
        try {
          enrolled += await writeTransaction((tx) => commit(tx, workerId, [item], now, automations));
          committed++;
        } catch (error) {
          if (!(error instanceof LostClaim)) failures.push({ event: item.event, error });
        }
      }
    }
  }
  if (debug) console.log(`[events] committed in ${Date.now() - now.getTime()} ms`);
  if (enrolled > 0) wakeAutomations();
  for (const { event, error } of failures) await fail(workerId, event, error);
  return { processed: committed, failed: failures.length };
}
