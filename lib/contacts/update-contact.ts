// PATCH: only the fields sent change. The contact is named by id or by one of its email identifiers.
import { ApiProblem } from "@/lib/http/problems";
import { writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { getContact } from "./contact-record";
import { normalizeEmail } from "./identifiers";
import type { ContactPatch, ContactRecord } from "./schemas";
import { assertIdentifiersFree, identifierOwners, normalizedIdentifiers, withIdentifierRetry, writeContact } from "./write-contact";

export type ContactRef = { id: string } | { email: string };

/** The id of the brand's contact named by `ref`, or null. */
export async function findContactId(sql: SqlRunner, brandId: string, ref: ContactRef): Promise<string | null> {
  if ("id" in ref) {
    const [contact] = await sql.all<{ id: string }>(`SELECT "id" FROM "Contact" WHERE "id" = ? AND "brandId" = ?`, [ref.id, brandId]);
    return contact?.id ?? null;
  }
  const email = normalizeEmail(ref.email);
  if (!email) return null;
  const [identifier] = await sql.all<{ contactId: string }>(
    `SELECT "contactId" FROM "ContactIdentifier" WHERE "brandId" = ? AND "type" = 'email' AND "value" = ?`,
    [brandId, email],
  );
  return identifier?.contactId ?? null;
}

/**
 * The body of updateContact's transaction, for a caller whose own write must commit with the contact's
 * (a form's confirmation). Returns the contact's id; a 404 when there is no such contact, a 409 when an
 * identifier is another contact's. Run it under withIdentifierRetry, like updateContact.
 */
export async function updateContactIn(
  tx: SqlRunner,
  brandId: string,
  ref: ContactRef,
  input: ContactPatch,
  options: { source: string; now?: Date },
): Promise<string> {
  const identifiers = normalizedIdentifiers(input);
  const id = await findContactId(tx, brandId, ref);
  if (!id) throw new ApiProblem("not-found", "id" in ref ? `Contact ${ref.id} does not exist` : `No contact has the email ${ref.email}`);
  assertIdentifiersFree(identifiers, await identifierOwners(tx, brandId, identifiers), id);
  await writeContact(tx, id, input, { brandId, source: options.source, now: options.now ?? new Date() });
  return id;
}

export async function updateContact(
  brandId: string,
  ref: ContactRef,
  input: ContactPatch,
  options: { source: string },
): Promise<ContactRecord> {
  const contactId = await withIdentifierRetry(() => writeTransaction((tx) => updateContactIn(tx, brandId, ref, input, options)));
  return getContact(brandId, contactId);
}
