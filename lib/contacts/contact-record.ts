// Loads contacts and shapes them as the API's contact record. Raw SQL (lib/db/sql.ts): a record is four short
// indexed queries plus segment membership, read on every lookup, list page and upsert response.
import { ApiProblem } from "@/lib/http/problems";
import { segmentIdsOfContacts } from "@/lib/segments/membership";
import { sqlReader, type SqlRunner } from "@/lib/db/sql";
import { boolValue, dateValue, jsonValue } from "@/lib/db/values";
import { CHANNEL_OF, type IdentifierType } from "./identifiers";
import { PROFILE_FIELDS, type ProfileField } from "./profile-fields";
import type { ContactRecord } from "./schemas";

const STATUS_HISTORY_LIMIT = 100;
const PROFILE_COLUMNS = PROFILE_FIELDS.map((field) => `"${field}"`).join(", ");

type ContactRow = { id: string; customProperties: unknown; createdAt: unknown; updatedAt: unknown } & Record<ProfileField, string | null>;
type IdentifierRow = { contactId: string; type: string; value: string; status: string; statusChangedAt: unknown; consent: unknown; sendWelcomeMessage: unknown };
type TagRow = { contactId: string; tag: string };
type StatusChangeRow = { contactId: string; identifierType: string; identifier: string; channel: string; from: string | null; to: string; source: string; at: unknown };

type Loaded = { contact: ContactRow; identifiers: IdentifierRow[]; tags: TagRow[]; statusChanges: StatusChangeRow[] };

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
  // SQLite pick the (brandId, ...) index and walk every row of the brand. Tenancy holds all the same:
  // children are attached only to contacts the brand-filtered first query returned.
  const [contacts, identifiers, tags, statusChanges] = await Promise.all([
    sql.all<ContactRow>(
      `SELECT "id", ${PROFILE_COLUMNS}, "customProperties", "createdAt", "updatedAt"
       FROM "Contact" WHERE "brandId" = ? AND "id" IN (${inList})`, [brandId, ...ids]),
    sql.all<IdentifierRow>(
      `SELECT "contactId", "type", "value", "status", "statusChangedAt", "consent", "sendWelcomeMessage"
       FROM "ContactIdentifier" WHERE "contactId" IN (${inList}) ORDER BY "id"`, ids),
    sql.all<TagRow>(`SELECT "contactId", "tag" FROM "ContactTag" WHERE "contactId" IN (${inList}) ORDER BY "contactId", "tag"`, ids),
    // The newest STATUS_HISTORY_LIMIT changes of each contact (index (contactId, at)).
    sql.all<StatusChangeRow>(
      `SELECT "contactId", "identifierType", "identifier", "channel", "from", "to", "source", "at" FROM (
         SELECT s.*, ROW_NUMBER() OVER (PARTITION BY s."contactId" ORDER BY s."at" DESC, s."id" DESC) AS "position"
         FROM "ContactStatusChange" s WHERE s."contactId" IN (${inList})
       ) newest WHERE "position" <= ${STATUS_HISTORY_LIMIT} ORDER BY "at" DESC, "id" DESC`, ids),
  ]);
  const identifiersOf = groupBy(identifiers);
  const tagsOf = groupBy(tags);
  const changesOf = groupBy(statusChanges);
  return new Map(contacts.map((contact) => [contact.id, {
    contact,
    identifiers: identifiersOf.get(contact.id) ?? [],
    tags: tagsOf.get(contact.id) ?? [],
    statusChanges: changesOf.get(contact.id) ?? [],
  }]));
}

function toRecord({ contact, identifiers: rows, tags, statusChanges }: Loaded, segments: string[]): ContactRecord {
  const identifiers = rows.map((i) => ({
    type: i.type as IdentifierType,
    id: i.value,
    channels: { [CHANNEL_OF[i.type as IdentifierType]]: { status: i.status, statusChangedAt: dateValue(i.statusChangedAt).toISOString() } },
    consent: (jsonValue(i.consent) ?? null) as ContactRecord["identifiers"][number]["consent"],
    sendWelcomeMessage: boolValue(i.sendWelcomeMessage),
  })) as ContactRecord["identifiers"];
  const primaryEmail = rows.find((i) => i.type === "email");
  return {
    id: contact.id,
    email: primaryEmail?.value ?? null,
    phone: rows.filter((i) => i.type === "phone").map((i) => i.value),
    identifiers,
    status: (primaryEmail?.status ?? null) as ContactRecord["status"],
    firstName: contact.firstName,
    lastName: contact.lastName,
    gender: contact.gender as ContactRecord["gender"],
    birthdate: contact.birthdate,
    address: contact.address,
    city: contact.city,
    state: contact.state,
    country: contact.country,
    countryCode: contact.countryCode,
    postalCode: contact.postalCode,
    tags: tags.map((t) => t.tag),
    customProperties: jsonValue(contact.customProperties) as ContactRecord["customProperties"],
    segments,
    statusHistory: statusChanges.map((s) => ({
      identifierType: s.identifierType as IdentifierType,
      identifier: s.identifier,
      channel: s.channel as ContactRecord["statusHistory"][number]["channel"],
      from: s.from as ContactRecord["status"],
      to: s.to as NonNullable<ContactRecord["status"]>,
      source: s.source,
      changedAt: dateValue(s.at).toISOString(),
    })),
    createdAt: dateValue(contact.createdAt).toISOString(),
    updatedAt: dateValue(contact.updatedAt).toISOString(),
  };
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
