// The dashboard's event log (GET /api/event-log, GET /api/event-log/{id}): the brand's accepted events,
// newest first, in every state (waiting, processed, parked), filterable by name, contact and time; the
// page polls with `since` (the newest id it has) for events that arrived after. One event shows its
// processing result (outcome, attempts, error) and the contact it was attached to.
import { z } from "zod";
import { sqlReader } from "@/lib/db/sql";
import { dateValue, numberValue } from "@/lib/db/values";
import { normalizeEmail, normalizePhone } from "@/lib/contacts/identifiers";
import { ApiProblem } from "@/lib/http/problems";
import { ResourceId } from "@/lib/http/route";
import { escapeLike, Sql } from "@/lib/db/query-builder";

const when = z.iso.datetime({ offset: true }).optional();

export const EventLogQuery = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional().meta({ description: "Events whose name starts with this text (case-insensitive)" }),
    contact: z.string().trim().min(1).max(254).optional().meta({ description: "The contact's email, phone (E.164) or id" }),
    from: when,
    to: when,
    since: ResourceId.optional().meta({ description: "Only events received after this event id (polling for new ones)" }),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .meta({ id: "EventLogQuery" });
export type EventLogQuery = z.infer<typeof EventLogQuery>;

export const EVENT_STATES = ["pending", "done", "parked"] as const;
export const EventLogEntry = z
  .object({
    id: z.string(),
    eventName: z.string(),
    eventVersion: z.string().nullable(),
    origin: z.string(),
    eventTime: z.iso.datetime(),
    receivedAt: z.iso.datetime(),
    status: z
      .enum(EVENT_STATES)
      .meta({ description: "pending: waiting to be processed; done: processed; parked: processing gave up (see error)" }),
    outcome: z.string().nullable().meta({ description: "When done: processed | duplicate | no-contact" }),
    contactID: z.string().nullable().meta({ description: "The contact the event was attached to" }),
    contactLabel: z.string().nullable().meta({ description: "The contact as the event named it (email, phone or id)" }),
  })
  .meta({ id: "EventLogEntry" });
export const EventLogList = z.object({ events: z.array(EventLogEntry) }).meta({ id: "EventLogList" });
export const EventLogDetail = EventLogEntry.extend({
  attempts: z.number().int(),
  error: z.string().nullable(),
  processedAt: z.iso.datetime().nullable(),
  event: z.record(z.string(), z.unknown()).meta({ description: "The event as accepted (contact, properties, ...)" }),
  contact: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
}).meta({ id: "EventLogDetail" });
export type EventLogEntryType = z.infer<typeof EventLogEntry>;

type Row = {
  id: string;
  eventName: string;
  eventVersion: string | null;
  origin: string;
  eventTime: unknown;
  receivedAt: unknown;
  status: string;
  outcome: string | null;
  payload: string;
  contactId: string | null;
  attempts: unknown;
  lastError: string | null;
  processedAt: unknown;
};

const COLUMNS = `e."id", e."eventName", e."eventVersion", e."origin", e."eventTime", e."receivedAt", e."status", e."outcome", e."payload", e."attempts", e."lastError", e."processedAt",
  (SELECT ce."contactId" FROM "ContactEvent" ce WHERE ce."id" = e."id" AND ce."brandId" = e."brandId") AS "contactId"`;

function contactLabel(payload: Record<string, unknown>): string | null {
  const contact = payload.contact as Record<string, unknown> | undefined;
  if (!contact) return null;
  return [contact.email, contact.phone, contact.id].find((v): v is string => typeof v === "string" && v.length > 0) ?? null;
}

function entry(row: Row, payload: Record<string, unknown>): EventLogEntryType {
  return {
    id: row.id,
    eventName: row.eventName,
    eventVersion: row.eventVersion,
    origin: row.origin,
    eventTime: dateValue(row.eventTime).toISOString(),
    receivedAt: dateValue(row.receivedAt).toISOString(),
    status: row.status as EventLogEntryType["status"],
    outcome: row.outcome,
    contactID: row.contactId,
    contactLabel: contactLabel(payload),
  };
}

const parse = (text: string): Record<string, unknown> => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/** The contact a filter names: by id, email or phone (none: no event matches). */
async function contactIdOf(brandId: string, text: string): Promise<string | null> {
  if (ResourceId.safeParse(text).success) return text;
  const email = text.includes("@") ? normalizeEmail(text) : null;
  const phone = email ? null : normalizePhone(text);
  if (!email && !phone) return null;
  const [row] = await sqlReader().all<{ contactId: string }>(
    `SELECT "contactId" FROM "ContactIdentifier" WHERE "brandId" = ? AND "type" = ? AND "value" = ?`,
    [brandId, email ? "email" : "phone", email ?? phone],
  );
  return row?.contactId ?? null;
}

export async function listEventLog(brandId: string, query: EventLogQuery) {
  const contactId = query.contact ? await contactIdOf(brandId, query.contact) : undefined;
  const sql = new Sql();
  // One branch per state, each the newest of that state through the (brandId, status, id) index, merged:
  // "the brand's events by id" alone sorts every event of the brand (seconds at 10^6 events).
  const branch = (status: string) => {
    const where = [`e."brandId" = ${sql.p(brandId, "text")}`, `e."status" = ${sql.p(status, "text")}`];
    if (query.name) where.push(`lower(e."eventName") LIKE ${sql.p(`${escapeLike(query.name.toLowerCase())}%`, "text")} ESCAPE '\\'`);
    if (contactId !== undefined) {
      where.push(
        contactId
          ? `e."id" IN (SELECT ce."id" FROM "ContactEvent" ce WHERE ce."brandId" = ${sql.p(brandId, "text")} AND ce."contactId" = ${sql.p(contactId, "text")})`
          : "1 = 0",
      );
    }
    if (query.from) where.push(`e."receivedAt" >= ${sql.p(new Date(query.from), "ts")}`);
    if (query.to) where.push(`e."receivedAt" <= ${sql.p(new Date(query.to), "ts")}`);
    if (query.since) where.push(`e."id" > ${sql.p(query.since, "text")}`);
    return `SELECT * FROM (SELECT ${COLUMNS} FROM "EventInbox" e WHERE ${where.join(" AND ")} ORDER BY e."id" DESC LIMIT ${sql.p(query.limit, "int")}) AS "${status}"`;
  };
  const union = EVENT_STATES.map(branch).join(" UNION ALL ");
  const rows = await sqlReader().all<Row>(
    `SELECT * FROM (${union}) AS u ORDER BY u."id" DESC LIMIT ${sql.p(query.limit, "int")}`,
    sql.params,
  );
  return { events: rows.map((r) => entry(r, parse(r.payload))) };
}

export async function getEventLogEntry(brandId: string, id: string) {
  const [row] = await sqlReader().all<Row>(`SELECT ${COLUMNS} FROM "EventInbox" e WHERE e."brandId" = ? AND e."id" = ?`, [brandId, id]);
  if (!row) throw new ApiProblem("not-found", `Event ${id} does not exist`);
  const payload = parse(row.payload);
  let contact: { id: string; name: string | null; email: string | null } | null = null;
  if (row.contactId) {
    const [c] = await sqlReader().all<{ id: string; firstName: string | null; lastName: string | null; email: string | null }>(
      `SELECT c."id", c."firstName", c."lastName", (SELECT min(i."value") FROM "ContactIdentifier" i WHERE i."contactId" = c."id" AND i."type" = 'email') AS "email" FROM "Contact" c WHERE c."brandId" = ? AND c."id" = ?`,
      [brandId, row.contactId],
    );
    if (c) contact = { id: c.id, name: [c.firstName, c.lastName].filter(Boolean).join(" ") || null, email: c.email };
  }
  return {
    ...entry(row, payload),
    attempts: numberValue(row.attempts),
    error: row.lastError,
    processedAt: row.processedAt ? dateValue(row.processedAt).toISOString() : null,
    event: payload,
    contact,
  };
}
