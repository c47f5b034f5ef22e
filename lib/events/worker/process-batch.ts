// Processes a batch of claimed events: contacts first (idempotent upserts), then one transaction that
// deduplicates historical events, attaches events to contacts, counts identities, keeps product data
// and marks the events done — only if this worker still holds their claims. The ContactEvent row takes
// the inbox event's id, so an event can never be attached twice.
// A failing batch is retried event by event, so one bad event cannot hold up the others; a failing
// event is retried with backoff, or parked with its error when it cannot succeed.
import { db, type DbClient } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import { recordProducts, productFacts } from "@/lib/products/record-products";
import type { EventPayload } from "../accept-event";
import { identityOf, recordIdentities } from "../identities";
import { writeTurn } from "../write-turns";
import type { ClaimedEvent } from "./claim-events";
import { ContactResolver } from "./resolve-contacts";
import { execute, timeParam } from "./sql";

export const MAX_ATTEMPTS = Number(process.env.EVENTS_MAX_ATTEMPTS ?? 8);
const RETRY_BASE_MS = Number(process.env.EVENTS_RETRY_BASE_MS ?? 1000);
const RETRY_MAX_MS = 10 * 60_000;

type Prepared = { event: ClaimedEvent; payload: EventPayload; contactId: string | null };

class LostClaim extends Error {}

function parsePayload(event: ClaimedEvent): EventPayload {
  return JSON.parse(event.payload) as EventPayload;
}

async function commit(tx: DbClient, workerId: string, items: Prepared[], now: Date): Promise<void> {
  const outcome = new Map<string, "processed" | "duplicate" | "no-contact">();
  for (const { event } of items) {
    if (!event.historical || !event.eventID) continue;
    // Historical events with the same eventID and eventTime are processed once; the key is claimed in
    // this transaction, so a concurrent worker with the twin waits for it (or skips it if we commit).
    const inserted = await execute(tx,
      `INSERT INTO "EventDedupKey" ("brandId", "eventID", "eventTime", "inboxId") VALUES (?, ?, ?ts, ?) ON CONFLICT DO NOTHING`,
      event.brandId, event.eventID, timeParam(event.eventTime), event.id);
    if (inserted === 0) outcome.set(event.id, "duplicate");
  }
  const live = items.filter((i) => outcome.get(i.event.id) !== "duplicate");
  const attached = live.filter((i) => i.contactId !== null);
  for (const i of live) if (i.contactId === null) outcome.set(i.event.id, "no-contact");
  if (attached.length > 0) {
    // Raw multi-row insert: Prisma's createMany costs several milliseconds of CPU per hundred rows.
    await execute(tx,
      `INSERT INTO "ContactEvent" ("id", "brandId", "contactId", "eventName", "eventVersion", "origin", "eventID", "eventTime", "receivedAt", "properties")
       VALUES ${attached.map(() => "(?, ?, ?, ?, ?, ?, ?, ?ts, ?ts, ?json)").join(", ")}`,
      ...attached.flatMap(({ event, payload, contactId }) => [
        event.id, event.brandId, contactId, event.eventName, event.eventVersion, event.origin, event.eventID,
        timeParam(event.eventTime), timeParam(event.receivedAt), JSON.stringify(payload.properties ?? {}),
      ]));
  }
  await recordIdentities(tx, live.map(({ event }) => ({ key: identityOf(event), at: event.receivedAt })));
  await recordProducts(tx, live.flatMap(({ event, payload }) => productFacts({ ...event, properties: payload.properties ?? {} })));

  for (const result of ["processed", "duplicate", "no-contact"] as const) {
    const ids = items.filter((i) => (outcome.get(i.event.id) ?? "processed") === result).map((i) => i.event.id);
    if (ids.length === 0) continue;
    const { count } = await tx.eventInbox.updateMany({
      where: { id: { in: ids }, claimedBy: workerId, status: "pending" },
      data: { status: "done", outcome: result, processedAt: now, claimedBy: null, claimedUntil: null, lastError: null },
    });
    if (count !== ids.length) throw new LostClaim(`${ids.length - count} event(s) were claimed by another worker after our lease lapsed`);
  }
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
  const park = isPermanent(error) || event.attempts >= MAX_ATTEMPTS;
  const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (event.attempts - 1));
  await writeTurn(() => db.eventInbox.updateMany({
    where: { id: event.id, claimedBy: workerId },
    data: {
      status: park ? "parked" : "pending",
      nextAttemptAt: new Date(Date.now() + (park ? 0 : delay)),
      lastError: describe(error).slice(0, 2000),
      claimedBy: null,
      claimedUntil: null,
    },
  }));
  if (park) console.warn(`[events] parked event ${event.id} after ${event.attempts} attempt(s): ${describe(error)}`);
}

export async function processBatch(workerId: string, events: ClaimedEvent[]): Promise<{ processed: number; failed: number }> {
  const prepared: Prepared[] = [];
  const failures: { event: ClaimedEvent; error: unknown }[] = [];
  const resolver = new ContactResolver();
  const startedAt = Date.now();
  const parsed = events.map((event) => ({ event, payload: parsePayload(event) }));
  await resolver.prefetch(parsed.map(({ event, payload }) => ({ brandId: event.brandId, contact: payload.contact })));
  const resolved = await resolver.resolveAll(parsed.map(({ event, payload }) => ({ brandId: event.brandId, contact: payload.contact })));
  parsed.forEach(({ event, payload }, i) => {
    const outcome = resolved[i];
    if ("error" in outcome) failures.push({ event, error: outcome.error });
    else prepared.push({ event, payload, contactId: outcome.contactId });
  });

  let committed = 0;
  const now = new Date();
  if (process.env.EVENTS_DEBUG) console.log(`[events] contacts resolved in ${now.getTime() - startedAt} ms`);
  try {
    if (prepared.length > 0) await writeTurn(() => db.$transaction((tx) => commit(tx, workerId, prepared, now), { timeout: 60_000, maxWait: 30_000 }));
    committed = prepared.length;
  } catch {
    for (const item of prepared) {
      try {
        await writeTurn(() => db.$transaction((tx) => commit(tx, workerId, [item], now), { timeout: 60_000, maxWait: 30_000 }));
        committed++;
      } catch (error) {
        if (!(error instanceof LostClaim)) failures.push({ event: item.event, error });
      }
    }
  }
  if (process.env.EVENTS_DEBUG) console.log(`[events] committed in ${Date.now() - now.getTime()} ms`);
  for (const { event, error } of failures) await fail(workerId, event, error);
  return { processed: committed, failed: failures.length };
}
