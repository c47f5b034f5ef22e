// Loads contacts and shapes them as the API's contact record. Raw SQL (lib/db/sql.ts): a record is five short
// indexed queries plus segment membership, read on every lookup, list page and upsert response.
import { ApiProblem } from "@/lib/http/problems";
import { segmentIdsOfContacts } from "@/lib/segments/membership";
import { sqlReader, type SqlRunner } from "@/lib/db/sql";
import { boolValue, dateValue, jsonValue } from "@/lib/db/values";
import { CHANNEL_OF, type IdentifierType } from "./identifiers";
import { PROFILE_FIELDS, type ProfileField } from "./profile-fields";
import { HISTORY_LIMIT, type ContactRecord } from "./schemas";

const PROFILE_COLUMNS = PROFILE_FIELDS.map((field) => `"${field}"`).join(", ");

type ContactRow = { id: string; customProperties: unknown; createdAt: unknown; updatedAt: unknown } & Record<ProfileField, string | null>;
type IdentifierRow = {
  contactId: string;
  type: string;
  value: string;
  status: string;
  statusChangedAt: unknown;
  consent: unknown;
  sendWelcomeMessage: unknown;
  source: string | null;
};
type TagRow = { contactId: string; tag: string };
type OptInRow = { contactId: string; channel: string; at: unknown };
type ConsentRow = { contactId: string; channel: string; source: string; ip: string | null; userAgent: string | null; createdAt: unknown };

type Loaded = { contact: ContactRow; identifiers: IdentifierRow[]; tags: TagRow[]; optIns: OptInRow[]; consents: ConsentRow[] };

function groupBy<T extends { contactId: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.contactId);
    if (group) group.push(row);
    else groups.set(row.contactId, [row]);
  }
  return groups;
}

async function load(sql: SqlRunner, brandId: string, ids: string[]): Promise<Map<string, Loaded>> {
  const inList = ids.map(() => "?").join(", ");
  // The child rows are read by contact id alone (their (contactId, ...) indexes): a brandId term lets
  // the planner pick the (brandId, ...) index and walk every row of the brand. Tenancy holds all the same:
  // children are attached only to contacts the brand-filtered first query returned.
  const [contacts, identifiers, tags, optIns, consents] = await Promise.all([
    sql.all<ContactRow>(
      `SELECT "id", ${PROFILE_COLUMNS}, "customProperties", "createdAt", "updatedAt"
       FROM "Contact" WHERE "id" IN (${inList}) AND ${sql.dialect.unindexed(`"brandId"`)} = ?`,
      [...ids, brandId],
    ),
    sql.all<IdentifierRow>(
      `SELECT "contactId", "type", "value", "status", "statusChangedAt", "consent", "sendWelcomeMessage", "source"
       FROM "ContactIdentifier" WHERE "contactId" IN (${inList}) ORDER BY "id"`,
      ids,
    ),
    sql.all<TagRow>(`SELECT "contactId", "tag" FROM "ContactTag" WHERE "contactId" IN (${inList}) ORDER BY "contactId", "tag"`, ids),
    // The newest HISTORY_LIMIT opt-ins (changes to subscribed) and consents of each contact (indexes (contactId, at / createdAt)).
    sql.all<OptInRow>(
      `SELECT "contactId", "channel", "at" FROM (
         SELECT s."contactId", s."channel", s."at", s."id", ROW_NUMBER() OVER (PARTITION BY s."contactId" ORDER BY s."at" DESC, s."id" DESC) AS "position"
         FROM "ContactStatusChange" s WHERE s."contactId" IN (${inList}) AND s."to" = 'subscribed'
       ) newest WHERE "position" <= ${HISTORY_LIMIT} ORDER BY "at", "id"`,
      ids,
    ),
    sql.all<ConsentRow>(
      `SELECT "contactId", "channel", "source", "ip", "userAgent", "createdAt" FROM (
         SELECT k.*, ROW_NUMBER() OVER (PARTITION BY k."contactId" ORDER BY k."createdAt" DESC, k."id" DESC) AS "position"
         FROM "ContactConsent" k WHERE k."contactId" IN (${inList})
       ) newest WHERE "position" <= ${HISTORY_LIMIT} ORDER BY "createdAt", "id"`,
      ids,
    ),
  ]);
  const identifiersOf = groupBy(identifiers);
  const tagsOf = groupBy(tags);
  const optInsOf = groupBy(optIns);
  const consentsOf = groupBy(consents);
  return new Map(
    contacts.map((contact) => [
      contact.id,
      {
        contact,
        identifiers: identifiersOf.get(contact.id) ?? [],
        tags: tagsOf.get(contact.id) ?? [],
        optIns: optInsOf.get(contact.id) ?? [],
        consents: consentsOf.get(contact.id) ?? [],
      },
    ]),
  );
}

type Channel = ContactRecord["statuses"][number]["channel"];
type Status = ContactRecord["statuses"][number]["status"];
const iso = (value: unknown) => dateValue(value).toISOString();

/** Profile fields that are set (the record omits unset fields rather than writing null). */
function setFields(contact: ContactRow): Partial<Record<ProfileField, string>> {
  const out: Partial<Record<ProfileField, string>> = {};
  for (const field of PROFILE_FIELDS) {
    const value = contact[field];
    if (value !== null && value !== "") out[field] = value;
  }
  return out;
}

function toRecord({ contact, identifiers: rows, tags, optIns, consents }: Loaded, segments: string[]): ContactRecord {
  const identifiers = rows.map((i) => {
    const consent = jsonValue(i.consent) as ContactRecord["identifiers"][number]["consent"] | null;
    return {
      type: i.type as IdentifierType,
      id: i.value,
      channels: { [CHANNEL_OF[i.type as IdentifierType]]: { status: i.status as Status, statusChangedAt: iso(i.statusChangedAt) } },
      ...(consent ? { consent } : {}),
      sendWelcomeMessage: boolValue(i.sendWelcomeMessage),
      ...(i.source ? { source: i.source } : {}),
    };
  });
  // The latest status per channel: of the channel's identifiers, the one changed last.
  const latest = new Map<Channel, { channel: Channel; status: Status; statusChangedAt: string }>();
  for (const i of rows) {
    const channel = CHANNEL_OF[i.type as IdentifierType];
    const entry = { channel, status: i.status as Status, statusChangedAt: iso(i.statusChangedAt) };
    const seen = latest.get(channel);
    if (!seen || seen.statusChangedAt < entry.statusChangedAt) latest.set(channel, entry);
  }
  const primaryEmail = rows.find((i) => i.type === "email");
  return {
    id: contact.id,
    ...(primaryEmail ? { email: primaryEmail.value, status: primaryEmail.status as Status } : {}),
    phone: rows.filter((i) => i.type === "phone").map((i) => i.value),
    identifiers,
    ...(setFields(contact) as Partial<ContactRecord>),
    tags: tags.map((t) => t.tag),
    customProperties: jsonValue(contact.customProperties) as ContactRecord["customProperties"],
    segments,
    consents: consents.map((k) => ({
      channel: k.channel as Channel,
      source: k.source,
      createdAt: iso(k.createdAt),
      ...(k.ip ? { ip: k.ip } : {}),
      ...(k.userAgent ? { userAgent: k.userAgent } : {}),
    })),
    optIns: optIns.map((o) => ({ channel: o.channel as Channel, optInAt: iso(o.at) })),
    statuses: [...latest.values()].sort((a, b) => a.statusChangedAt.localeCompare(b.statusChangedAt)),
    createdAt: iso(contact.createdAt),
    updatedAt: iso(contact.updatedAt),
  } as ContactRecord;
}

/** One contact of the brand; 404 when it does not exist there. */
export async function getContact(brandId: string, id: string): Promise<ContactRecord> {
  const [contact] = await getContacts(brandId, [id]);
  if (!contact) throw new ApiProblem("not-found", `Contact ${id} does not exist`);
  return contact;
}

/** The brand's contacts with these ids, in the given order. */
export async function getContacts(brandId: string, ids: string[]): Promise<ContactRecord[]> {
  if (ids.length === 0) return [];
  const sql = sqlReader();
  const [loaded, segments] = await Promise.all([load(sql, brandId, ids), segmentIdsOfContacts(brandId, ids)]);
  return ids.flatMap((id) => {
    const contact = loaded.get(id);
    return contact ? [toRecord(contact, segments.get(id) ?? [])] : [];
  });
}
