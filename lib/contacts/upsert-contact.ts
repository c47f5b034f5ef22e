// Upsert: the contact owning one of the input's email identifiers, else one of its phone identifiers,
// is updated; otherwise a contact is created. The unique (brand, type, value) index on identifiers makes
// concurrent upserts of the same new identifier create exactly one contact: the losers retry as updates.
import { ApiProblem } from "@/lib/http/problems";
import { writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { getContact } from "./contact-record";
import type { ContactInput, ContactRecord } from "./schemas";
import { findContactId } from "./update-contact";
import { newId } from "@/lib/ids";
import {
  assertIdentifiersFree,
  identifierOwners,
  insertNewContacts,
  newContactRows,
  normalizedIdentifiers,
  withIdentifierRetry,
  writeContact,
  type ContactWrite,
} from "./write-contact";

export type UpsertResult = { contact: ContactRecord; created: boolean };

/** Used by POST /api/contacts and the v4 layer. `source` names the writer in the status history. */
export async function upsertContact(brandId: string, input: ContactInput, options: { source: string }): Promise<UpsertResult> {
  const { contactId, created } = await upsertContactId(brandId, input, options);
  return { contact: await getContact(brandId, contactId), created };
}

/**
 * The upsert without reading the record back, for writers that only need the id (the events worker).
 * `contactId` (an event's contact.id) names the contact to update when it exists in the brand; without
 * identifiers it must exist (404).
 */
export async function upsertContactId(
  brandId: string,
  input: UpsertInput,
  options: UpsertOptions,
): Promise<{ contactId: string; created: boolean }> {
  return withIdentifierRetry(() => writeTransaction((tx) => upsertContactIn(tx, brandId, input, options)));
}

type UpsertInput = ContactInput & Pick<ContactWrite, "addTags">;
type UpsertOptions = { source: string; contactId?: string };

/**
 * The upsert inside the caller's write transaction (a batch item writes its result in the same one).
 * The caller runs the transaction under withIdentifierRetry, as upsertContactId does.
 */
export async function upsertContactIn(
  tx: SqlRunner,
  brandId: string,
  input: UpsertInput,
  options: UpsertOptions,
): Promise<{ contactId: string; created: boolean }> {
  const identifiers = normalizedIdentifiers(input);
  const ctx = { brandId, source: options.source, now: new Date() };
  const named = options.contactId ? await findContactId(tx, brandId, { id: options.contactId }) : null;
  if (options.contactId && !named && identifiers.length === 0)
    throw new ApiProblem("not-found", `Contact ${options.contactId} does not exist`);
  const owners = await identifierOwners(tx, brandId, identifiers);
  const ownerOf = (type: "email" | "phone") =>
    identifiers
      .filter((i) => i.type === type)
      .map((i) => owners.get(`${type}:${i.value}`))
      .find((id) => id !== undefined);
  const match = named ?? ownerOf("email") ?? ownerOf("phone") ?? null;
  assertIdentifiersFree(identifiers, owners, match);
  return { contactId: await writeContact(tx, match, input, ctx), created: match === null };
}

/**
 * Creates contacts the caller found new a moment ago (none of their identifiers had an owner), in one
 * write transaction with one statement per table: what the events worker does with the first events of
 * shoppers it has never seen, instead of an upsert (five or six statements) each. The writes are the
 * upsert's for a new contact. An identifier another writer took meanwhile fails the whole call (nothing
 * is written): the caller then upserts the contacts one by one.
 */
export async function createContacts(brandId: string, inputs: UpsertInput[], options: { source: string }): Promise<string[]> {
  if (inputs.length === 0) return [];
  return writeTransaction(async (tx) => {
    const ctx = { brandId, source: options.source, now: new Date() };
    const rows = inputs.map((input) => newContactRows(newId(ctx.now), input, ctx));
    await insertNewContacts(tx, rows);
    return rows.map((r) => r.id);
  });
}
