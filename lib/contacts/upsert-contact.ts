// Upsert: the contact owning one of the input's email identifiers, else one of its phone identifiers,
// is updated; otherwise a contact is created. The unique (brand, type, value) index on identifiers makes
// concurrent upserts of the same new identifier create exactly one contact: the losers retry as updates.
import { db } from "@/lib/db";
import { getContact } from "./contact-record";
import type { ContactInput, ContactRecord } from "./schemas";
import { assertIdentifiersFree, identifierOwners, normalizedIdentifiers, withIdentifierRetry, TRANSACTION_OPTIONS, writeContact } from "./write-contact";

export type UpsertResult = { contact: ContactRecord; created: boolean };

/** Used by POST /api/contacts, the events worker and the v4 layer. `source` names the writer in the status history. */
export async function upsertContact(brandId: string, input: ContactInput, options: { source: string }): Promise<UpsertResult> {
  const identifiers = normalizedIdentifiers(input);
  const { contactId, created } = await withIdentifierRetry(() =>
    db.$transaction(async (tx) => {
      const ctx = { brandId, source: options.source, now: new Date() };
      const owners = await identifierOwners(tx, brandId, identifiers);
      const ownerOf = (type: "email" | "phone") =>
        identifiers.filter((i) => i.type === type).map((i) => owners.get(`${type}:${i.value}`)).find((id) => id !== undefined);
      const match = ownerOf("email") ?? ownerOf("phone") ?? null;
      assertIdentifiersFree(identifiers, owners, match);
      return { contactId: await writeContact(tx, match, input, ctx), created: match === null };
    }, TRANSACTION_OPTIONS),
  );
  return { contact: await getContact(brandId, contactId), created };
}
