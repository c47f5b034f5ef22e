// Unsubscribing a set of contacts from email (the dashboard's bulk action: a page of a selection per
// request, or a whole view in a background job, lib/contacts/tags/tag-jobs.ts): every email identifier of
// the brand's named contacts that is not unsubscribed yet becomes unsubscribed, with a status history
// line as a PATCH of the identifier's channel writes one (lib/contacts/write-contact.ts), and the
// contact's updatedAt moves. Already unsubscribed identifiers are
// left alone (no history line), so running it again changes nothing.
import { z } from "zod";
import { writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { isId, newId } from "@/lib/ids";
import { idList } from "./tags/apply-tags";

export const MAX_UNSUBSCRIBE = 250;

export const UnsubscribeRequest = z
  .strictObject({
    contactIDs: z
      .array(z.string().max(100))
      .min(1)
      .max(MAX_UNSUBSCRIBE)
      .meta({ description: `Contact ids (1 to ${MAX_UNSUBSCRIBE}); ids of no contact of the brand are ignored` }),
  })
  .meta({ id: "UnsubscribeRequest" });
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequest>;

export const UnsubscribeResult = z
  .object({
    contactsChanged: z.number().int().meta({ description: "Contacts that had an email address not unsubscribed yet (now unsubscribed)" }),
  })
  .meta({ id: "UnsubscribeResult" });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;

export async function unsubscribeContacts(
  brandId: string,
  request: UnsubscribeRequest,
  options: { source: string },
): Promise<UnsubscribeResult> {
  const named = [...new Set(request.contactIDs)].filter(isId);
  if (named.length === 0) return { contactsChanged: 0 };
  const changed = await writeTransaction((tx) => applyUnsubscribe(tx, brandId, named, new Date(), options.source));
  return { contactsChanged: changed.length };
}

/**
 * Unsubscribes those of `contactIds` that are the brand's contacts, inside `tx`; the ids of the contacts
 * that changed. `onlyAddress`: only that email address of theirs (a hard bounce: the other addresses work).
 */
export async function applyUnsubscribe(
  tx: SqlRunner,
  brandId: string,
  contactIds: string[],
  now: Date,
  source: string,
  onlyAddress?: string,
): Promise<string[]> {
  if (contactIds.length === 0) return [];
  // Every statement finds its rows by key (the brand is checked on them, not searched by), and one row
  // (a bounce's, a complaint's contact) by equality: the planner uses the statistics it has, and those of
  // a new database, or of one analyzed while the brand was small (PRAGMA optimize at start, then a bulk
  // load), made it walk the brand's index or scan the whole table for an id list, so each bounce of a
  // storm cost time in proportion to the brand's contacts (bench:inbound). A unique key's equality is
  // looked up whatever the statistics say.
  const brand = tx.dialect.unindexed(`"brandId"`);
  const byKey = (column: string, values: string[]) => {
    if (values.length === 1) return { sql: `${column} = ?`, param: values[0] as unknown };
    const list = idList(tx, values);
    return { sql: `${column} IN ${list.sql}`, param: list.param };
  };
  const named = byKey(`"contactId"`, contactIds);
  const identifiers = await tx.all<{ id: string; contactId: string; value: string; status: string }>(
    onlyAddress
      ? `SELECT "id", "contactId", "value", "status" FROM "ContactIdentifier"
         WHERE "brandId" = ? AND "type" = 'email' AND "value" = ? AND ${named.sql} AND "status" <> 'unsubscribed'`
      : `SELECT "id", "contactId", "value", "status" FROM "ContactIdentifier"
         WHERE ${named.sql} AND ${brand} = ? AND "type" = 'email' AND "status" <> 'unsubscribed'`,
    onlyAddress ? [brandId, onlyAddress.toLowerCase(), named.param] : [named.param, brandId],
  );
  if (identifiers.length === 0) return [];
  const touched = byKey(
    `"id"`,
    identifiers.map((i) => i.id),
  );
  await tx.run(`UPDATE "ContactIdentifier" SET "status" = 'unsubscribed', "statusChangedAt" = ?ts WHERE ${touched.sql} AND ${brand} = ?`, [
    now,
    touched.param,
    brandId,
  ]);
  await tx.run(
    `INSERT INTO "ContactStatusChange" ("id", "brandId", "contactId", "identifierType", "identifier", "channel", "from", "to", "source", "at")
     VALUES ${identifiers.map(() => "(?, ?, ?, 'email', ?, 'email', ?, 'unsubscribed', ?, ?ts)").join(", ")}`,
    identifiers.flatMap((i) => [newId(now), brandId, i.contactId, i.value, i.status, source, now]),
  );
  const contacts = [...new Set(identifiers.map((i) => i.contactId))];
  const people = byKey(`"id"`, contacts);
  await tx.run(`UPDATE "Contact" SET "updatedAt" = ?ts WHERE ${people.sql} AND ${brand} = ?`, [now, people.param, brandId]);
  return contacts;
}
