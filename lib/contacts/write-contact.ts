// Applies a contact input to one contact inside a write transaction: profile fields sent, identifiers
// merged by (type, id), tags replaced, custom properties merged key by key, and every status change
// recorded. Raw SQL (lib/db/sql.ts) because an upsert is a handful of short statements and Prisma's cost per
// statement was most of the time; the values are stored in the format Prisma reads back.
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { isUniqueViolation, isWriteConflict } from "@/lib/db/errors";
import type { SqlRunner } from "@/lib/db/sql";
import { jsonValue } from "@/lib/db/values";
import { CHANNEL_OF, normalizeIdentifier, type IdentifierType } from "./identifiers";
import { PROFILE_FIELDS as PROFILE_KEYS } from "./profile-fields";
import { countryCodeOf } from "./countries";
import { EXTERNAL_CREATED, MAX_CUSTOM_PROPERTIES, type ContactPatch } from "./schemas";

export type WriteContext = { brandId: string; source: string; now: Date };

/** What a write applies: a contact input, plus tags to add to the contact's (events add tags, never replace them). */
export type ContactWrite = ContactPatch & { addTags?: string[] };

export type NormalizedIdentifier = { index: number; type: IdentifierType; value: string };

export function normalizedIdentifiers(input: ContactPatch): NormalizedIdentifier[] {
  return (input.identifiers ?? []).map((identifier, index) => ({
    index,
    type: identifier.type,
    // the schema already rejected values that do not normalize
    value: normalizeIdentifier(identifier.type, identifier.id)!,
  }));
}

/** Owners of the given identifier values in the brand, keyed "type:value". */
export async function identifierOwners(tx: SqlRunner, brandId: string, identifiers: NormalizedIdentifier[]): Promise<Map<string, string>> {
  if (identifiers.length === 0) return new Map();
  const rows = await tx.all<{ type: string; value: string; contactId: string }>(
    `SELECT "type", "value", "contactId" FROM "ContactIdentifier" WHERE "brandId" = ? AND (${identifiers.map(() => `("type" = ? AND "value" = ?)`).join(" OR ")})`,
    [brandId, ...identifiers.flatMap(({ type, value }) => [type, value])],
  );
  return new Map(rows.map((r) => [`${r.type}:${r.value}`, r.contactId]));
}

/** 409 when one of the identifiers already belongs to a contact other than `contactId`. */
export function assertIdentifiersFree(identifiers: NormalizedIdentifier[], owners: Map<string, string>, contactId: string | null) {
  const taken = identifiers.filter((i) => {
    const owner = owners.get(`${i.type}:${i.value}`);
    return owner !== undefined && owner !== contactId;
  });
  if (taken.length === 0) return;
  throw new ApiProblem(
    "conflict",
    `${taken.map((t) => `${t.type} ${t.value}`).join(", ")} already belong${taken.length === 1 ? "s" : ""} to another contact`,
    {
      errors: taken.map((t) => ({
        field: "identifiers.id",
        pointer: `/identifiers/${t.index}/id`,
        code: "identifier_taken",
        message: `${t.type} ${t.value} belongs to another contact`,
      })),
    },
  );
}

type Current = {
  customProperties: Record<string, unknown>;
  identifiers: { id: string; type: string; value: string; status: string; consent: unknown }[];
};

async function loadCurrent(tx: SqlRunner, contactId: string, brandId: string): Promise<Current> {
  // Locked: two concurrent writes to one contact merge custom properties one after the other instead
  // of both from the same old value (lib/db/dialect.ts lockRows).
  const [contact] = await tx.all<{ customProperties: unknown }>(
    `SELECT "customProperties" FROM "Contact" WHERE "id" = ? AND "brandId" = ?${tx.dialect.lockRows}`,
    [contactId, brandId],
  );
  if (!contact) throw new ApiProblem("not-found", `Contact ${contactId} does not exist`);
  // By contact id alone (index contactId): the contact was just found in this brand, and a brandId term
  // could make the planner walk the brand's (brandId, type, value) index instead.
  const identifiers = await tx.all<Current["identifiers"][number]>(
    `SELECT "id", "type", "value", "status", "consent" FROM "ContactIdentifier" WHERE "contactId" = ?`,
    [contactId],
  );
  return { customProperties: jsonValue(contact.customProperties) as Record<string, unknown>, identifiers };
}

const DETECTED_KEYS = ["lastDetectedCity", "lastDetectedCountry"] as const;

type ConsentValue = { source: string; createdAt: string; ip?: string; userAgent?: string };

function sameConsent(stored: unknown, given: ConsentValue): boolean {
  if (!stored || typeof stored !== "object") return false;
  const s = stored as Partial<ConsentValue>;
  return (
    s.source === given.source &&
    s.createdAt === given.createdAt &&
    (s.ip ?? null) === (given.ip ?? null) &&
    (s.userAgent ?? null) === (given.userAgent ?? null)
  );
}

/**
 * The profile columns a write sets: the fields sent ("" clears), the ISO code derived from a country name
 * sent without countryCode, and the last detected city and country (kept when the field is cleared).
 */
function profileChanges(input: ContactPatch): [string, unknown][] {
  const changes = new Map<string, unknown>();
  for (const key of PROFILE_KEYS) {
    const value = input[key];
    if (value !== undefined) changes.set(key, value === "" ? null : value);
  }
  if (input.countryCode === undefined && typeof input.country === "string" && input.country !== "") {
    const derived = countryCodeOf(input.country);
    if (derived) changes.set("countryCode", derived);
  }
  const city = changes.get("city");
  if (typeof city === "string") changes.set("lastDetectedCity", city);
  const country = changes.get("country") ?? changes.get("countryCode");
  if (typeof country === "string") changes.set("lastDetectedCountry", country);
  return [...changes];
}

/** `count` placeholder tuples of `width` parameters each, e.g. "(?, ?), (?, ?)". */
function tuples(count: number, tuple: string): string {
  return Array.from({ length: count }, () => tuple).join(", ");
}

/** The rows a write inserts and the identifier updates it makes (each table's rows go in one statement). */
type IdentifierChanges = {
  updates: { sql: string; params: unknown[] }[];
  creates: unknown[][];
  history: unknown[][];
  consents: unknown[][];
};

/** What a write does to the contact's identifiers: merged by (type, value) with the ones it has. */
function identifierChanges(id: string, input: ContactWrite, existing: Current["identifiers"], ctx: WriteContext): IdentifierChanges {
  const found = new Map(existing.map((i) => [`${i.type}:${i.value}`, i]));
  const changes: IdentifierChanges = { updates: [], creates: [], history: [], consents: [] };
  const writer = ctx.source.split(":")[0];
  for (const identifier of input.identifiers ?? []) {
    const type = identifier.type;
    const value = normalizeIdentifier(type, identifier.id)!;
    const channel = CHANNEL_OF[type];
    const given = identifier.channels?.[channel];
    const stored = found.get(`${type}:${value}`);
    const status = given?.status ?? stored?.status ?? "nonSubscribed";
    const changed = !stored || stored.status !== status;
    const statusChangedAt = given?.statusChangedAt ? new Date(given.statusChangedAt) : ctx.now;
    const consent = identifier.consent
      ? {
          ...identifier.consent,
          source: identifier.consent.source ?? writer,
          createdAt: identifier.consent.createdAt ? new Date(identifier.consent.createdAt).toISOString() : ctx.now.toISOString(),
        }
      : undefined;
    // The same consent sent again (same source, time, address, agent) is not a new one.
    const repeated = consent !== undefined && sameConsent(jsonValue(stored?.consent), consent);
    if (consent && !repeated)
      changes.consents.push([
        newId(ctx.now),
        ctx.brandId,
        id,
        channel,
        consent.source,
        consent.ip ?? null,
        consent.userAgent ?? null,
        new Date(consent.createdAt),
      ]);

    if (stored) {
      const sets: [column: string, value: unknown][] = [];
      if (changed || given?.statusChangedAt) sets.push([`"status" = ?`, status], [`"statusChangedAt" = ?ts`, statusChangedAt]);
      if (consent && !repeated) sets.push([`"consent" = ?json`, JSON.stringify(consent)]);
      if (identifier.sendWelcomeMessage !== undefined) sets.push([`"sendWelcomeMessage" = ?bool`, identifier.sendWelcomeMessage]);
      if (identifier.source !== undefined) sets.push([`"source" = ?`, identifier.source]);
      if (sets.length > 0) {
        changes.updates.push({
          sql: `UPDATE "ContactIdentifier" SET ${sets.map(([column]) => column).join(", ")} WHERE "id" = ?`,
          params: [...sets.map(([, v]) => v), stored.id],
        });
      }
    } else {
      changes.creates.push([
        newId(ctx.now),
        ctx.brandId,
        id,
        type,
        value,
        status,
        statusChangedAt,
        consent ? JSON.stringify(consent) : null,
        identifier.sendWelcomeMessage ?? true,
        identifier.source ?? null,
        ctx.now,
      ]);
    }
    if (changed)
      changes.history.push([
        newId(ctx.now),
        ctx.brandId,
        id,
        type,
        value,
        channel,
        stored?.status ?? null,
        status,
        ctx.source,
        statusChangedAt,
      ]);
  }
  return changes;
}

/** The custom properties a write leaves, or undefined when it sends none. */
function customPropertiesAfter(current: Current, input: ContactWrite): Record<string, unknown> | undefined {
  const extraCustom = input.createdAt !== undefined ? { [EXTERNAL_CREATED]: new Date(input.createdAt).toISOString() } : undefined;
  const customChanges = input.customProperties || extraCustom ? { ...input.customProperties, ...extraCustom } : undefined;
  return customChanges ? mergeCustomProperties(current.customProperties, customChanges) : undefined;
}

/** Everything a new contact's write inserts, as rows (see insertNewContacts). */
export type NewContactRows = { id: string; contact: unknown[]; tags: unknown[][]; identifiers: IdentifierChanges };

const NEW_CONTACT_COLUMNS = [...PROFILE_KEYS, ...DETECTED_KEYS];
const NEW_CONTACT_ROW = `(?, ?, ${NEW_CONTACT_COLUMNS.map(() => "?").join(", ")}, ?json, ?ts, ?ts)`;

/** The rows of a new contact `id` written from `input` (what writeContact inserts when there is no contact). */
export function newContactRows(id: string, input: ContactWrite, ctx: WriteContext): NewContactRows {
  const empty: Current = { customProperties: {}, identifiers: [] };
  const given = new Map(profileChanges(input));
  const customProperties = customPropertiesAfter(empty, input) ?? {};
  const tags = [...new Set([...(input.tags ?? []), ...(input.addTags ?? [])])];
  return {
    id,
    contact: [id, ctx.brandId, ...NEW_CONTACT_COLUMNS.map((k) => given.get(k) ?? null), JSON.stringify(customProperties), ctx.now, ctx.now],
    tags: tags.map((tag) => [id, ctx.brandId, tag]),
    identifiers: identifierChanges(id, input, [], ctx),
  };
}

// Rows per statement: well under the limit on parameters of either engine (32,766 at the least).
const ROWS_PER_STATEMENT = 500;

async function insertRows(tx: SqlRunner, head: string, tuple: string, rows: unknown[][], tail = ""): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
    await tx.run(`${head} VALUES ${tuples(chunk.length, tuple)}${tail}`, chunk.flat());
  }
}

/**
 * Inserts new contacts, each table's rows of all of them in one statement. An identifier another
 * writer has meanwhile (a unique violation) fails the whole call: the caller's transaction rolls back,
 * and it writes the contacts one by one through the upsert instead.
 */
export async function insertNewContacts(tx: SqlRunner, contacts: NewContactRows[]): Promise<void> {
  if (contacts.length === 0) return;
  await insertRows(
    tx,
    `INSERT INTO "Contact" ("id", "brandId", ${NEW_CONTACT_COLUMNS.map((k) => `"${k}"`).join(", ")}, "customProperties", "createdAt", "updatedAt")`,
    NEW_CONTACT_ROW,
    contacts.map((c) => c.contact),
  );
  await insertRows(
    tx,
    `INSERT INTO "ContactTag" ("contactId", "brandId", "tag")`,
    "(?, ?, ?)",
    contacts.flatMap((c) => c.tags),
    " ON CONFLICT DO NOTHING",
  );
  await insertIdentifierChanges(
    tx,
    contacts.map((c) => c.identifiers),
  );
}

async function insertIdentifierChanges(tx: SqlRunner, all: IdentifierChanges[]): Promise<void> {
  for (const { sql, params } of all.flatMap((c) => c.updates)) await tx.run(sql, params);
  await insertRows(
    tx,
    `INSERT INTO "ContactIdentifier" ("id", "brandId", "contactId", "type", "value", "status", "statusChangedAt", "consent", "sendWelcomeMessage", "source", "createdAt")`,
    "(?, ?, ?, ?, ?, ?, ?ts, ?json, ?bool, ?, ?ts)",
    all.flatMap((c) => c.creates),
  );
  await insertRows(
    tx,
    `INSERT INTO "ContactStatusChange" ("id", "brandId", "contactId", "identifierType", "identifier", "channel", "from", "to", "source", "at")`,
    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?ts)",
    all.flatMap((c) => c.history),
  );
  await insertRows(
    tx,
    `INSERT INTO "ContactConsent" ("id", "brandId", "contactId", "channel", "source", "ip", "userAgent", "createdAt")`,
    "(?, ?, ?, ?, ?, ?, ?, ?ts)",
    all.flatMap((c) => c.consents),
  );
}

/**
 * Writes `input` to the contact `contactId`, or to a new contact when it is null; returns the id.
 * One statement per table (multi-row inserts): every statement inside the write lock counts.
 */
export async function writeContact(tx: SqlRunner, contactId: string | null, input: ContactWrite, ctx: WriteContext): Promise<string> {
  if (!contactId) {
    const rows = newContactRows(newId(ctx.now), input, ctx);
    await insertNewContacts(tx, [rows]);
    return rows.id;
  }
  const current = await loadCurrent(tx, contactId, ctx.brandId);
  const id = contactId;
  const profile = profileChanges(input);
  const customProperties = customPropertiesAfter(current, input);
  const sets = [
    ...profile.map(([key]) => `"${key}" = ?`),
    ...(customProperties ? [`"customProperties" = ?json`] : []),
    `"updatedAt" = ?ts`,
  ];
  const values = [...profile.map(([, value]) => value), ...(customProperties ? [JSON.stringify(customProperties)] : []), ctx.now];
  await tx.run(`UPDATE "Contact" SET ${sets.join(", ")} WHERE "id" = ? AND "brandId" = ?`, [...values, id, ctx.brandId]);

  if (input.tags) {
    await tx.run(`DELETE FROM "ContactTag" WHERE "contactId" = ?`, [id]); // a contact of ctx.brandId (loadCurrent)
    if (input.tags.length > 0) {
      await tx.run(
        `INSERT INTO "ContactTag" ("contactId", "brandId", "tag") VALUES ${tuples(input.tags.length, "(?, ?, ?)")}`,
        input.tags.flatMap((tag) => [id, ctx.brandId, tag]),
      );
    }
  }
  const added = [...new Set(input.addTags ?? [])];
  if (added.length > 0) {
    await tx.run(
      `INSERT INTO "ContactTag" ("contactId", "brandId", "tag") VALUES ${tuples(added.length, "(?, ?, ?)")} ON CONFLICT DO NOTHING`,
      added.flatMap((tag) => [id, ctx.brandId, tag]),
    );
  }
  await insertIdentifierChanges(tx, [identifierChanges(id, input, current.identifiers, ctx)]);
  return id;
}

function mergeCustomProperties(current: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > MAX_CUSTOM_PROPERTIES) {
    throw new ApiProblem("validation-failed", `A contact has at most ${MAX_CUSTOM_PROPERTIES} custom properties`, {
      errors: [
        {
          field: "customProperties",
          pointer: "/customProperties",
          code: "too_big",
          message: `the merged custom properties would have ${Object.keys(merged).length} keys; at most ${MAX_CUSTOM_PROPERTIES}`,
        },
      ],
    });
  }
  return merged;
}

/**
 * A write that lost a race and can simply run again: a unique identifier a concurrent writer created
 * first (the retry then finds it and updates), or a conflict between two writers of the same contacts
 * (lib/db/errors.ts isWriteConflict).
 */
function lostRace(error: unknown): boolean {
  return isUniqueViolation(error) || isWriteConflict(error);
}

/** Runs `run` (a write transaction) again, up to 10 times, when it lost a race; see lostRace. */
export async function withIdentifierRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!lostRace(error) || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * (attempt + 1))));
    }
  }
}
