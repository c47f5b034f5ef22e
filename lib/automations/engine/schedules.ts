// The timers of the triggers that are no event (AutomationSchedule, one row per enabled workflow that
// needs one; claimed with a lease like enrollments). Each run enrolls who the trigger found since the
// last run and moves its cursor in the same transaction:
//  - entered segment: the segment's members are compared with the members seen last time (a table of
//    them): newcomers are enrolled, leavers forgotten (so coming back enrolls again); the first run of an
//    enable only takes the snapshot, unless enrollExisting asked to enroll everyone in it;
//  - birthday: every hour, the contacts whose birthday (midnight in the brand's zone, moved by the
//    trigger's hour offset) fell since the last run; one enrollment per contact and year;
//  - subscribed to marketing: email subscriptions written since the last run (a contact's status history),
//    unless the identifier says sendWelcomeMessage false or the change is historical (its time more than
//    1 hour before it was written); one enrollment per change;
//  - product back in stock: catalog products whose status became inStock since the last run, for the
//    contacts who viewed it or put it in a cart in the last 30 days (the segments' event conditions);
//  - backfill (enable with enrollExisting): the trigger's events inside the first delay's window, page by page.
import { runningDialect } from "@/lib/db/dialect";
import { sqlReader, writeQuery, writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { dateValue, jsonValue } from "@/lib/db/values";
import { idTime, newId } from "@/lib/ids";
import { segmentSql } from "@/lib/segments/segment-sql";
import { storedGroups } from "@/lib/segments/membership";
import { Sql } from "@/lib/db/query-builder";
import type { ConditionGroups } from "@/lib/segments/conditions";
import { eventGroupsHold } from "../filters";
import { BUILT_IN_EVENTS, type AutomationRecord, type DelaySpec } from "../model";
import { birthdayMidnight, delayEnd, localParts } from "../time";
import { COLUMNS, recordOf } from "../store";
import { brandTimeZone } from "./brand-zone";
import { identityMatches } from "./trigger-index";

export type ScheduleKind = "segment" | "birthday" | "subscribed" | "backInStock" | "backfill";
type Schedule = { automationId: string; brandId: string; kind: ScheduleKind; cursor: string | null };

const PAGE = 500;
const EVERY: Record<ScheduleKind, number> = { segment: 60_000, birthday: 3_600_000, subscribed: 5_000, backInStock: 30_000, backfill: 0 };
const OVERLAP_MS = 60_000;
const HOUR = 3_600_000;
const list = (n: number, item = "?") => Array.from({ length: n }, () => item).join(", ");

/** The timer a workflow's trigger needs when enabled, or null for an event trigger without backfill. */
export function scheduleKindOf(a: AutomationRecord, enrollExisting: boolean): ScheduleKind | null {
  switch (a.trigger.condition.event) {
    case BUILT_IN_EVENTS.enteredSegment:
      return "segment";
    case BUILT_IN_EVENTS.birthday:
      return "birthday";
    case BUILT_IN_EVENTS.subscribed:
      return "subscribed";
    case BUILT_IN_EVENTS.backInStock:
      return "backInStock";
    default:
      return enrollExisting ? "backfill" : null;
  }
}

/** Writes (or replaces) the workflow's timer, due now. */
export async function putSchedule(tx: SqlRunner, a: AutomationRecord, kind: ScheduleKind, cursor: string | null, now: Date): Promise<void> {
  await tx.run(
    `INSERT INTO "AutomationSchedule" ("automationId", "brandId", "kind", "nextRunAt", "cursor") VALUES (?, ?, ?, ?ts, ?)
     ON CONFLICT ("automationId") DO UPDATE SET "kind" = excluded."kind", "nextRunAt" = excluded."nextRunAt", "cursor" = excluded."cursor",
       "claimedBy" = NULL, "claimedUntil" = NULL`,
    [a.id, a.brandId, kind, now, cursor],
  );
}

export async function claimSchedules(workerId: string, limit: number, leaseMs: number, now: Date): Promise<Schedule[]> {
  const rows = await writeQuery<Schedule>(
    `UPDATE "AutomationSchedule" SET "claimedBy" = ?, "claimedUntil" = ?ts
     WHERE "automationId" IN (
       SELECT "automationId" FROM "AutomationSchedule" WHERE "nextRunAt" <= ?ts AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts)
       ORDER BY "nextRunAt" LIMIT ? ${runningDialect().claimLock}
     ) RETURNING "automationId", "brandId", "kind", "cursor"`,
    [workerId, new Date(now.getTime() + leaseMs), now, now, limit],
  );
  return rows;
}

type NewEnrollment = { contactId: string; trigger: object; triggeredAt: Date; entryKey?: string; anchor?: boolean };

/** Inserts enrollments due now (started by the worker's next batch); an entry key already taken is skipped. */
async function enroll(tx: SqlRunner, a: AutomationRecord, rows: NewEnrollment[], now: Date): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    const inserted = await tx.all<{ id: string }>(
      `INSERT INTO "AutomationEnrollment" ("id", "brandId", "automationId", "contactId", "status", "dueAt", "trigger", "triggeredAt", "entryKey", "attempts", "anchorFirstDelay")
       VALUES ${list(chunk.length, "(?, ?, ?, ?, 'active', ?ts, ?json, ?ts, ?, 0, ?bool)")} ON CONFLICT DO NOTHING RETURNING "id"`,
      chunk.flatMap((r) => [
        newId(now),
        a.brandId,
        a.id,
        r.contactId,
        now,
        JSON.stringify(r.trigger),
        r.triggeredAt,
        r.entryKey ?? null,
        r.anchor ?? false,
      ]),
    );
    written += inserted.length;
  }
  return written;
}

async function finish(tx: SqlRunner, s: Schedule, workerId: string, cursor: string | null, nextRunAt: Date | null): Promise<void> {
  if (nextRunAt === null) {
    await tx.run(`DELETE FROM "AutomationSchedule" WHERE "automationId" = ? AND "claimedBy" = ?`, [s.automationId, workerId]);
    return;
  }
  await tx.run(
    `UPDATE "AutomationSchedule" SET "cursor" = ?, "nextRunAt" = ?ts, "claimedBy" = NULL, "claimedUntil" = NULL WHERE "automationId" = ? AND "claimedBy" = ?`,
    [cursor, nextRunAt, s.automationId, workerId],
  );
}

// ---- entered segment

function segmentIdOf(a: AutomationRecord): string | null {
  const filter = a.trigger.condition.filterGroups?.[0]?.filters[0];
  return typeof filter?.value === "string" ? filter.value : null;
}

async function runSegment(s: Schedule, a: AutomationRecord, workerId: string, now: Date): Promise<number> {
  const segmentId = segmentIdOf(a);
  const [segment] = segmentId
    ? await sqlReader().all<{ conditionGroups: unknown }>(
        `SELECT "conditionGroups" FROM "Segment" WHERE "id" = ? AND "brandId" = ? AND "archivedAt" IS NULL`,
        [segmentId, a.brandId],
      )
    : [];
  return writeTransaction(async (tx) => {
    let enrolled = 0;
    if (segment) {
      const groups = storedGroups(segment.conditionGroups);
      // The builder takes parameters in the order the text is written: each fragment is built in place.
      const leave = new Sql();
      const leaveHead = `DELETE FROM "AutomationSegmentMember" WHERE "automationId" = ${leave.p(a.id)} AND "contactId" NOT IN (
           SELECT c."id" FROM "Contact" c WHERE c."brandId" = ${leave.p(a.brandId)} AND `;
      const leaveSql = leaveHead + segmentSql(groups, leave, { brandId: a.brandId, now }) + ")";
      await tx.run(leaveSql, leave.params);
      const join = new Sql();
      const joinHead = `INSERT INTO "AutomationSegmentMember" ("automationId", "contactId", "seenAt")
         SELECT ${join.p(a.id)}, c."id", ${join.p(now, "ts")} FROM "Contact" c WHERE c."brandId" = ${join.p(a.brandId)} AND `;
      const joinSql = joinHead + segmentSql(groups, join, { brandId: a.brandId, now }) + ` ON CONFLICT DO NOTHING RETURNING "contactId"`;
      const added = await tx.all<{ contactId: string }>(joinSql, join.params);
      // "seed": the enable's snapshot (members already in it do not enter); "seed-enroll": enrollExisting.
      if (s.cursor !== "seed") {
        const trigger = { eventName: BUILT_IN_EVENTS.enteredSegment, origin: "omnisend", properties: { segment_id: segmentId } };
        enrolled = await enroll(
          tx,
          a,
          added.map((r) => ({ contactId: r.contactId, trigger, triggeredAt: now })),
          now,
        );
      }
    }
    await finish(tx, s, workerId, "live", new Date(now.getTime() + EVERY.segment));
    return enrolled;
  });
}

// ---- birthday

/** The trigger's offset from the birthday's midnight, in hours ("-24h": a day before). */
function birthdayOffsetHours(a: AutomationRecord): number {
  const value = a.trigger.condition.filterGroups?.[0]?.filters[0]?.value;
  const match = typeof value === "string" ? /^(-?\d+)h$/.exec(value) : null;
  return match ? Number(match[1]) : 0;
}

async function runBirthday(s: Schedule, a: AutomationRecord, workerId: string, now: Date): Promise<number> {
  const zone = await brandTimeZone(a.brandId);
  const offset = birthdayOffsetHours(a) * HOUR;
  const from = s.cursor ? new Date(s.cursor) : now;
  // The birthdays whose moment (midnight + offset) lies in (from, now]: their midnights lie in (from - offset, now - offset].
  const dates = new Map<string, { monthDays: string[]; year: number; at: Date }>();
  for (let t = from.getTime() - offset - 2 * 86_400_000; t <= now.getTime() - offset + 86_400_000; t += 86_400_000) {
    const l = localParts(new Date(t), zone);
    const monthDay = `${String(l.month).padStart(2, "0")}-${String(l.day).padStart(2, "0")}`;
    const midnight = birthdayMidnight(monthDay, l.year, zone);
    const moment = new Date(midnight.getTime() + offset);
    if (moment <= from || moment > now) continue;
    const leap = new Date(Date.UTC(l.year, 1, 29)).getUTCMonth() === 1;
    const monthDays = monthDay === "02-28" && !leap ? ["02-28", "02-29"] : [monthDay];
    dates.set(monthDay, { monthDays, year: l.year, at: moment });
  }
  const rows: NewEnrollment[] = [];
  for (const { monthDays, year, at } of dates.values()) {
    const found = await sqlReader().all<{ id: string; birthdate: string }>(
      `SELECT "id", "birthdate" FROM "Contact" WHERE "brandId" = ? AND (${monthDays.map(() => `"birthdate" LIKE ?`).join(" OR ")})`,
      [a.brandId, ...monthDays.map((md) => `%-${md}`)],
    );
    for (const c of found) {
      rows.push({
        contactId: c.id,
        trigger: { eventName: BUILT_IN_EVENTS.birthday, properties: { birthdate: c.birthdate } },
        triggeredAt: at,
        entryKey: `birthday:${a.id}:${c.id}:${year}`,
      });
    }
  }
  const next = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);
  return writeTransaction(async (tx) => {
    const n = await enroll(tx, a, rows, now);
    await finish(tx, s, workerId, now.toISOString(), next);
    return n;
  });
}

// ---- subscribed to marketing

async function runSubscribed(s: Schedule, a: AutomationRecord, workerId: string, now: Date): Promise<number> {
  const cursor = JSON.parse(s.cursor ?? "{}") as { since?: string };
  const since = cursor.since ? new Date(cursor.since) : now;
  const enabledAt = a.enabledAt ?? now;
  // Ids are time-ordered by when the change was written; a minute of overlap catches writes that
  // committed late, and each change enrolls once (its entry key).
  const lowest = newId(new Date(since.getTime() - OVERLAP_MS)).slice(0, 8) + "0".repeat(16);
  const changes = await sqlReader().all<{ id: string; contactId: string; identifier: string; at: unknown; source: string }>(
    `SELECT s."id", s."contactId", s."identifier", s."at", s."source" FROM "ContactStatusChange" s
     JOIN "ContactIdentifier" i ON i."brandId" = s."brandId" AND i."type" = 'email' AND i."value" = s."identifier"
     WHERE s."brandId" = ? AND s."id" >= ? AND s."channel" = 'email' AND s."to" = 'subscribed'
       AND (s."from" IS NULL OR s."from" <> 'subscribed') AND i."sendWelcomeMessage" = ?bool
     ORDER BY s."id" LIMIT ${PAGE * 10}`,
    [a.brandId, lowest, true],
  );
  const rows: NewEnrollment[] = [];
  let latest = since;
  for (const c of changes) {
    const written = idTime(c.id);
    if (written > latest) latest = written;
    const at = dateValue(c.at);
    if (written.getTime() - at.getTime() > HOUR) continue; // a subscription of the past, imported now
    if (written < new Date(enabledAt.getTime() - 1000)) continue; // before the workflow was enabled
    const properties = { channel: "email", email: c.identifier, source: c.source };
    if (!eventGroupsHold(a.trigger.condition.filterGroups, properties)) continue;
    rows.push({
      contactId: c.contactId,
      trigger: { eventName: BUILT_IN_EVENTS.subscribed, properties },
      triggeredAt: at,
      entryKey: `welcome:${a.id}:${c.id}`,
    });
  }
  const full = changes.length === PAGE * 10;
  return writeTransaction(async (tx) => {
    const n = await enroll(tx, a, rows, now);
    const nextSince = full ? latest : new Date(Math.max(latest.getTime(), now.getTime() - OVERLAP_MS));
    await finish(
      tx,
      s,
      workerId,
      JSON.stringify({ since: nextSince.toISOString() }),
      new Date(now.getTime() + (full ? 0 : EVERY.subscribed)),
    );
    return n;
  });
}

// ---- product back in stock

function viewersOf(productId: string, days: number): ConditionGroups {
  const period = { operator: "inTheLast" as const, value: days, unit: "days" as const };
  return [
    {
      conditions: [
        {
          entity: "event",
          junction: "or",
          filters: [
            {
              name: "viewed product",
              operator: "has",
              count: "atLeast",
              value: 1,
              period,
              filters: [{ property: "productID", operator: "equals", value: productId, valueType: "text" }],
            },
            {
              name: "added product to cart",
              operator: "has",
              count: "atLeast",
              value: 1,
              period,
              filters: [{ property: "lineItems.[].productID", operator: "equals", value: productId, valueType: "text" }],
            },
          ],
        },
      ],
    },
  ] as ConditionGroups;
}

async function runBackInStock(s: Schedule, a: AutomationRecord, workerId: string, now: Date): Promise<number> {
  const since = s.cursor ? new Date(s.cursor) : now;
  const products = await sqlReader().all<{
    productId: string;
    title: string;
    url: string;
    imageUrl: string | null;
    price: unknown;
    currency: string;
    backInStockAt: unknown;
  }>(
    `SELECT "productId", "title", "url", "imageUrl", "price", "currency", "backInStockAt" FROM "CatalogProduct"
     WHERE "brandId" = ? AND "status" = 'inStock' AND "backInStockAt" > ?ts ORDER BY "backInStockAt" LIMIT 100`,
    [a.brandId, since],
  );
  const rows: NewEnrollment[] = [];
  let latest = since;
  for (const p of products) {
    const at = dateValue(p.backInStockAt);
    if (at > latest) latest = at;
    const properties = {
      productID: p.productId,
      productTitle: p.title,
      productURL: p.url,
      productImageURL: p.imageUrl,
      productPrice: p.price,
      currency: p.currency,
    };
    if (!eventGroupsHold(a.trigger.condition.filterGroups, properties)) continue;
    const sql = new Sql();
    const where = `c."brandId" = ${sql.p(a.brandId)} AND ${segmentSql(viewersOf(p.productId, 30), sql, { brandId: a.brandId, now })}`;
    const contacts = await sqlReader().all<{ id: string }>(`SELECT c."id" AS id FROM "Contact" c WHERE ${where}`, sql.params);
    for (const c of contacts) {
      rows.push({
        contactId: c.id,
        trigger: {
          eventName: BUILT_IN_EVENTS.backInStock,
          properties: { ...properties, lineItems: [{ productID: p.productId, productQuantity: 1 }] },
        },
        triggeredAt: at,
        entryKey: `restock:${a.id}:${c.id}:${p.productId}:${at.toISOString()}`,
      });
    }
  }
  return writeTransaction(async (tx) => {
    const n = await enroll(tx, a, rows, now);
    await finish(tx, s, workerId, latest.toISOString(), new Date(now.getTime() + (products.length === 100 ? 0 : EVERY.backInStock)));
    return n;
  });
}

// ---- backfill (enrollExisting for an event trigger)

/** How far back enrollExisting reaches: the first delay's length measured from now. */
export function backfillWindowStart(first: DelaySpec, now: Date, zone: string): Date {
  return new Date(2 * now.getTime() - delayEnd(first, now, zone).getTime());
}

async function runBackfill(s: Schedule, a: AutomationRecord, workerId: string, now: Date): Promise<number> {
  const cursor = JSON.parse(s.cursor ?? "{}") as { from: string; until: string; afterId?: string };
  const events = await sqlReader().all<{
    id: string;
    contactId: string;
    origin: string;
    eventID: string | null;
    eventTime: unknown;
    receivedAt: unknown;
    properties: unknown;
    originInIdentity: unknown;
  }>(
    `SELECT e."id", e."contactId", e."origin", e."eventID", e."eventTime", e."receivedAt", e."properties", i."originInIdentity"
     FROM "ContactEvent" e LEFT JOIN "EventInbox" i ON i."id" = e."id"
     WHERE e."brandId" = ? AND e."eventName" = ? AND e."eventTime" >= ?ts AND e."receivedAt" <= ?ts ${cursor.afterId ? `AND e."id" > ?` : ""}
     ORDER BY e."id" LIMIT ${PAGE}`,
    [a.brandId, a.trigger.condition.event, new Date(cursor.from), new Date(cursor.until), ...(cursor.afterId ? [cursor.afterId] : [])],
  );
  const rows: NewEnrollment[] = [];
  for (const e of events) {
    const eventTime = dateValue(e.eventTime);
    if (dateValue(e.receivedAt).getTime() - eventTime.getTime() > HOUR) continue; // historical
    const originInIdentity =
      e.originInIdentity === null || e.originInIdentity === undefined ? true : e.originInIdentity === true || e.originInIdentity === 1;
    if (!identityMatches(a.trigger.condition, { origin: e.origin, originInIdentity })) continue;
    const properties = (jsonValue(e.properties) ?? {}) as Record<string, unknown>;
    if (!eventGroupsHold(a.trigger.condition.filterGroups, properties)) continue;
    rows.push({
      contactId: e.contactId,
      trigger: {
        eventName: a.trigger.condition.event,
        origin: e.origin,
        eventTime: eventTime.toISOString(),
        eventID: e.eventID,
        inboxID: e.id,
        properties,
      },
      triggeredAt: eventTime,
      anchor: true,
    });
  }
  const done = events.length < PAGE;
  return writeTransaction(async (tx) => {
    const n = await enroll(tx, a, rows, now);
    await finish(tx, s, workerId, JSON.stringify({ ...cursor, afterId: events.at(-1)?.id ?? cursor.afterId }), done ? null : now);
    return n;
  });
}

/** Runs one claimed timer; returns the enrollments it wrote. */
export async function runSchedule(workerId: string, s: Schedule, now: Date): Promise<number> {
  const [row] = await sqlReader().all<Record<string, unknown>>(`SELECT ${COLUMNS} FROM "Automation" WHERE "id" = ?`, [s.automationId]);
  const a = row ? recordOf(row) : null;
  if (!a || !a.isEnabled) {
    await writeTransaction((tx) => finish(tx, s, workerId, null, null));
    return 0;
  }
  switch (s.kind) {
    case "segment":
      return runSegment(s, a, workerId, now);
    case "birthday":
      return runBirthday(s, a, workerId, now);
    case "subscribed":
      return runSubscribed(s, a, workerId, now);
    case "backInStock":
      return runBackInStock(s, a, workerId, now);
    case "backfill":
      return runBackfill(s, a, workerId, now);
  }
}
