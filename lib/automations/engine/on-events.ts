// What the events worker does for automations, inside the transaction that attaches a batch's events to
// their contacts (lib/events/worker/process-batch.ts): an event that is an enabled workflow's exit
// condition ends the contact's enrollments in it; a real-time event that matches a trigger (identity,
// filter groups) writes an enrollment, which the automations worker starts (audience, frequency and
// overlap are checked then). A trigger with inactivity settings keeps one waiting row per contact: a new
// trigger event replaces only its trigger data (with the event's time), not its dueAt; when the row comes
// due the automations worker starts it if the contact has been quiet since the latest event, else sets it
// due again at the end of that quiet time (./walk.ts "snooze"). Rewriting only non-indexed columns lets
// an engine that keeps row versions update the row in place: rewriting dueAt and triggeredAt on every
// event added an entry to each of the table's 7 indexes per event (docs/performance.md). Historical
// events (eventTime more than 1 hour before arrival) never trigger.
import type { SqlRunner } from "@/lib/db/sql";
import { dateValue } from "@/lib/db/values";
import type { InboxRow } from "@/lib/events/event-store";
import { newId } from "@/lib/ids";
import { eventGroupHolds, eventGroupsHold } from "../filters";
import { durationMs } from "../time";
import { addCounters, type CounterDelta } from "./counters";
import { identityMatches, TriggerIndex } from "./trigger-index";

/** A processed event of the batch: what the inbox stored, the contact it was attached to, its properties. */
export type ProcessedEvent = Pick<
  InboxRow,
  "id" | "brandId" | "eventName" | "origin" | "originInIdentity" | "eventID" | "eventTime" | "receivedAt" | "historical"
> & {
  contactId: string | null;
  properties: Record<string, unknown>;
};

/** The events worker's index of enabled triggers (one per process). */
export const eventTriggers = new TriggerIndex();

type NewEnrollment = {
  id: string;
  brandId: string;
  automationId: string;
  contactId: string;
  trigger: string;
  triggeredAt: Date;
  dueAt: Date;
  quietKey: string | null;
  dropped: boolean;
};

const list = (n: number, item: string) => Array.from({ length: n }, () => item).join(", ");

export function triggerData(e: ProcessedEvent): string {
  return JSON.stringify({
    eventName: e.eventName,
    origin: e.origin,
    eventTime: e.eventTime.toISOString(),
    eventID: e.eventID,
    inboxID: e.id,
    properties: e.properties,
  });
}

type Exit = { brandId: string; contactId: string; automationIds: Set<string>; at: Date };

/**
 * A waiting row's latest trigger event time, as its trigger data holds it (an ISO string: fixed width, so
 * strings compare as times, on both engines); null on a row that is not waiting.
 */
const LATEST_TRIGGER = `CASE WHEN "quietKey" IS NOT NULL THEN "trigger"->>'eventTime' END`;

/** Rows per multi-row statement: well under both engines' parameter limits. */
const CHUNK = 200;
/** Enrollments per INSERT (9 parameters each: 9,000, under both engines' limits on a statement's parameters). */
const ROWS_PER_WRITE = 1000;

/**
 * Ends the active enrollments the batch's exit events end: an enrollment in one of an exit's workflows,
 * of its contact, triggered no later than the exit event. One read of the exiting contacts' active
 * enrollments and one update by id per chunk, rather than an update per exit event.
 */
async function endEnrollments(
  tx: SqlRunner,
  exits: Exit[],
  now: Date,
): Promise<{ brandId: string; automationId: string; startedAt: unknown }[]> {
  if (exits.length === 0) return [];
  const latest = new Map<string, Date>(); // "brand contact automation" → the latest exit event's time
  for (const exit of exits)
    for (const automationId of exit.automationIds) {
      const key = `${exit.brandId}\u0000${exit.contactId}\u0000${automationId}`;
      const seen = latest.get(key);
      if (!seen || seen < exit.at) latest.set(key, exit.at);
    }
  // Per brand: "contactId" IN (...) is one index range scan per contact, where a list of (brand, contact)
  // pairs could be planned as an OR of as many conditions (~3 ms per batch, docs/performance.md).
  const byBrand = new Map<string, { contacts: Set<string>; automations: Set<string> }>();
  for (const e of exits) {
    const brand = byBrand.get(e.brandId) ?? { contacts: new Set<string>(), automations: new Set<string>() };
    byBrand.set(e.brandId, brand);
    brand.contacts.add(e.contactId);
    for (const id of e.automationIds) brand.automations.add(id);
  }
  const ending: { id: string; at: Date }[] = [];
  for (const [brandId, { contacts, automations }] of byBrand) {
    const contactIds = [...contacts];
    const automationIds = [...automations];
    for (let i = 0; i < contactIds.length; i += CHUNK) {
      const chunk = contactIds.slice(i, i + CHUNK);
      const active = await tx.all<{
        id: string;
        contactId: string;
        automationId: string;
        triggeredAt: unknown;
        latestTrigger: string | null;
      }>(
        `SELECT "id", "contactId", "automationId", "triggeredAt", ${LATEST_TRIGGER} AS "latestTrigger" FROM "AutomationEnrollment"
         WHERE "brandId" = ? AND "contactId" IN (${list(chunk.length, "?")}) AND "automationId" IN (${list(automationIds.length, "?")})
           AND "status" = 'active'`,
        [brandId, ...chunk, ...automationIds],
      );
      for (const r of active) {
        const at = latest.get(`${brandId}\u0000${r.contactId}\u0000${r.automationId}`);
        const triggeredAt = r.latestTrigger ? new Date(r.latestTrigger) : dateValue(r.triggeredAt);
        if (at && triggeredAt <= at) ending.push({ id: r.id, at });
      }
    }
  }
  ending.sort((a, b) => (a.id < b.id ? -1 : 1)); // one lock order for concurrent workers (engines that lock rows)
  const ended: { brandId: string; automationId: string; startedAt: unknown }[] = [];
  for (let i = 0; i < ending.length; i += CHUNK) {
    const chunk = ending.slice(i, i + CHUNK);
    // The trigger time is checked again in the update: another worker may have moved a waiting row's
    // trigger past the exit event since the read.
    ended.push(
      ...(await tx.all<{ brandId: string; automationId: string; startedAt: unknown }>(
        `UPDATE "AutomationEnrollment" SET "status" = 'exited', "endReason" = 'exit-condition', "dueAt" = NULL, "endedAt" = ?ts,
           "quietKey" = NULL, "claimedBy" = NULL, "claimedUntil" = NULL
         WHERE "id" IN (${list(chunk.length, "?")}) AND "status" = 'active'
           AND "triggeredAt" <= CASE "id" ${chunk.map(() => "WHEN ? THEN ?ts").join(" ")} END
           AND ("quietKey" IS NULL OR ${LATEST_TRIGGER} <= CASE "id" ${chunk.map(() => "WHEN ? THEN ?").join(" ")} END)
         RETURNING "brandId", "automationId", "startedAt"`,
        [now, ...chunk.map((e) => e.id), ...chunk.flatMap((e) => [e.id, e.at]), ...chunk.flatMap((e) => [e.id, e.at.toISOString()])],
      )),
    );
  }
  return ended;
}

/**
 * Exits and enrollments for a batch's processed events, in the batch's transaction. Returns the
 * enrollments due now: waiting rows come due after their quiet time, found by the worker's idle look.
 */
export async function automationsOnEvents(tx: SqlRunner, events: ProcessedEvent[], now: Date): Promise<number> {
  const fresh: NewEnrollment[] = [];
  const quiet = new Map<string, NewEnrollment>();
  const exits: Exit[] = [];
  for (const e of events) {
    if (!e.contactId) continue;
    const contactId = e.contactId;
    const exitingIds = new Set<string>();
    for (const { automationId, exit } of eventTriggers.exitsFor(e.brandId, e.eventName)) {
      if (!identityMatches(exit, e)) continue;
      if (exit.filterGroup && !eventGroupHolds(exit.filterGroup, e.properties)) continue;
      exitingIds.add(automationId);
    }
    if (exitingIds.size > 0) {
      exits.push({ brandId: e.brandId, contactId, automationIds: exitingIds, at: e.eventTime });
      // Enrollments this batch wrote for an earlier event go too.
      for (const n of [...fresh, ...quiet.values()]) if (n.contactId === contactId && exitingIds.has(n.automationId)) n.dropped = true;
    }
    if (e.historical) continue;
    for (const { automationId, enabledAt, trigger } of eventTriggers.triggersFor(e.brandId, e.eventName)) {
      if (!identityMatches(trigger.condition, e) || e.receivedAt < enabledAt) continue;
      if (!eventGroupsHold(trigger.condition.filterGroups, e.properties)) continue;
      const row: NewEnrollment = {
        id: newId(now),
        brandId: e.brandId,
        automationId,
        contactId,
        trigger: triggerData(e),
        triggeredAt: e.eventTime,
        dueAt: now,
        quietKey: null,
        dropped: false,
      };
      const inactivity = trigger.inactivitySettings?.duration;
      if (inactivity) {
        row.quietKey = `${automationId}:${contactId}`;
        row.dueAt = new Date(e.eventTime.getTime() + durationMs(inactivity));
        const earlier = quiet.get(row.quietKey);
        if (!earlier || earlier.triggeredAt <= row.triggeredAt) quiet.set(row.quietKey, row);
      } else fresh.push(row);
    }
  }
  const counters: CounterDelta[] = [];
  for (const r of await endEnrollments(tx, exits, now))
    if (r.startedAt !== null && r.startedAt !== undefined)
      counters.push({ brandId: r.brandId, automationId: r.automationId, blockId: "", metric: "exited", n: 1 });
  const rows = [...fresh, ...quiet.values()].filter((r) => !r.dropped);
  const starting = rows.filter((r) => r.quietKey === null);
  // New enrollments and waiting rows in one statement per ROWS_PER_WRITE (a batch's, as a rule): a fresh
  // row has no quietKey and NULLs never conflict, so the ON CONFLICT clause only ever meets a waiting row
  // (two statements a batch fewer on the events worker's serial path, docs/performance.md). The quiet map
  // holds each key once (an engine may refuse a statement that updates a row twice); waiting rows go in
  // key order so that two workers' statements lock rows in one order. A newer event replaces the trigger
  // data only (see the top of this file), and lets go of a worker's claim on the row: that worker read the
  // older trigger, its commit finds the row no longer held and changes nothing.
  const waiting = rows.filter((row) => row.quietKey !== null).sort((a, b) => (a.quietKey! < b.quietKey! ? -1 : 1));
  const writes = [...waiting, ...starting];
  for (let i = 0; i < writes.length; i += ROWS_PER_WRITE) {
    const chunk = writes.slice(i, i + ROWS_PER_WRITE);
    await tx.run(
      `INSERT INTO "AutomationEnrollment" ("id", "brandId", "automationId", "contactId", "status", "dueAt", "trigger", "triggeredAt", "quietKey", "attempts", "anchorFirstDelay")
       VALUES ${list(chunk.length, "(?, ?, ?, ?, 'active', ?ts, ?json, ?ts, ?, 0, ?bool)")}
       ON CONFLICT ("quietKey") DO UPDATE SET "trigger" = excluded."trigger", "claimedBy" = NULL, "claimedUntil" = NULL
       WHERE excluded."trigger"->>'eventTime' >= "AutomationEnrollment"."trigger"->>'eventTime'`,
      chunk.flatMap((r) => [r.id, r.brandId, r.automationId, r.contactId, r.dueAt, r.trigger, r.triggeredAt, r.quietKey, false]),
    );
  }
  await addCounters(tx, counters);
  // The caller wakes the automations worker once the transaction committed (./wake.ts), for these only.
  return starting.length;
}
