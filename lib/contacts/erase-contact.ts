// Erasing a contact (GDPR right to erasure, POST /api/contacts/{id}/erasure): the contact, its
// identifiers, tags, consents, status history, events and emails (lib/delivery/erasure.ts: its addresses
// stay suppressed, as hashes) are deleted in one transaction: the processed
// events and their inbox rows, and the events not processed yet (pending, or parked after failing) that
// name the person by the contact's id or one of its emails or phone numbers, which would otherwise
// create the contact again when the worker gets to them. Test emails rendered as the contact or sent to
// one of its email addresses go too. Batch items that wrote this contact or its events keep their place
// and result in the batch, but the request they carried (an email, a name) is replaced by
// {"erased": true}. An audit line is kept that says who erased which contact id when, and how much went,
// with nothing that identifies the person.
import { z } from "zod";
import { db } from "@/lib/db";
import { writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";
import { eraseDeliveryData } from "@/lib/delivery/erasure";
import { ApiProblem } from "@/lib/http/problems";
import { isId, newId } from "@/lib/ids";
import { jsonAt, Sql } from "@/lib/db/query-builder";
import { normalizeEmail, normalizePhone } from "./identifiers";
import { idList } from "./tags/apply-tags";

export const ErasureSchema = z
  .object({
    id: z.string(),
    contactID: z.string(),
    erasedBy: z.string().meta({ description: "The dashboard user id, or the kind of API credential" }),
    identifiers: z.number().int().meta({ description: "Emails and phone numbers removed" }),
    events: z.number().int().meta({ description: "Events removed (processed, and accepted but not processed yet)" }),
    erasedAt: z.iso.datetime(),
  })
  .meta({ id: "ContactErasure", description: "The audit line of an erased contact" });
export type Erasure = z.infer<typeof ErasureSchema>;

/** What an erased contact's batch items hold instead of the request they were sent with. */
export const ERASED_REQUEST = JSON.stringify({ erased: true });

type Identifier = { type: string; value: string };

/**
 * Ids of the brand's inbox events not processed yet that name the contact. SQL narrows them to events
 * whose contact has the contact's id or one of its emails, or has a phone number; the phone is then
 * compared in its stored form (an event keeps it as sent, "+1 415 555 0101" say).
 */
async function unprocessedEventsOf(tx: SqlRunner, brandId: string, contactId: string, identifiers: Identifier[]): Promise<string[]> {
  const emails = identifiers.filter((i) => i.type === "email").map((i) => i.value);
  const phones = new Set(identifiers.filter((i) => i.type === "phone").map((i) => i.value));
  const sql = new Sql(tx.kind);
  const payload = sql.dialect.jsonFromText(`"payload"`);
  const field = (key: string) => jsonAt(sql, payload, ["contact", key]).text;
  // Parameters are pushed in text order: the brand first.
  const brand = `"brandId" = ${sql.p(brandId, "text")}`;
  const names = [`${field("id")} = ${sql.p(contactId, "text")}`];
  if (emails.length) names.push(`lower(${field("email")}) IN (${emails.map((e) => sql.p(e, "text")).join(", ")})`);
  if (phones.size) names.push(`${field("phone")} IS NOT NULL`);
  const rows = await tx.all<{ id: string; payload: string }>(
    `SELECT "id", "payload" FROM "EventInbox" WHERE ${brand} AND "status" IN ('pending', 'parked') AND (${names.join(" OR ")})`,
    sql.params,
  );
  return rows
    .filter((row) => {
      const contact = (JSON.parse(row.payload) as { contact?: { id?: unknown; email?: unknown; phone?: unknown } }).contact ?? {};
      return (
        contact.id === contactId ||
        (typeof contact.email === "string" && emails.includes(normalizeEmail(contact.email) ?? "")) ||
        (typeof contact.phone === "string" && phones.has(normalizePhone(contact.phone) ?? ""))
      );
    })
    .map((row) => row.id);
}

/** Ids of the brand's test emails rendered as the contact or sent to one of its addresses (at most 200 are kept per brand). */
async function testEmailsOf(tx: SqlRunner, brandId: string, contactId: string, identifiers: Identifier[]): Promise<string[]> {
  const emails = new Set(identifiers.filter((i) => i.type === "email").map((i) => i.value));
  const rows = await tx.all<{ id: string; contactId: string | null; contactEmail: string | null; to: unknown }>(
    `SELECT "id", "contactId", "contactEmail", "to" FROM "TestEmail" WHERE "brandId" = ?`,
    [brandId],
  );
  const addressed = (value: unknown) => typeof value === "string" && emails.has(normalizeEmail(value) ?? "");
  return rows
    .filter((row) => {
      const to = typeof row.to === "string" ? (JSON.parse(row.to) as unknown) : row.to;
      return row.contactId === contactId || addressed(row.contactEmail) || (Array.isArray(to) && to.some(addressed));
    })
    .map((row) => row.id);
}

export async function eraseContact(brandId: string, contactId: string, erasedBy: string): Promise<Erasure> {
  return writeTransaction(async (tx) => {
    const [found] = await tx.all<{ id: string }>(`SELECT "id" FROM "Contact" WHERE "id" = ? AND "brandId" = ?`, [contactId, brandId]);
    if (!found) throw new ApiProblem("not-found", `Contact ${contactId} does not exist`);
    const identifiers = await tx.all<Identifier>(`SELECT "type", "value" FROM "ContactIdentifier" WHERE "contactId" = ?`, [contactId]);
    const [{ n: processed }] = await tx.all<{ n: unknown }>(
      `SELECT COUNT(*) AS n FROM "ContactEvent" WHERE "brandId" = ? AND "contactId" = ?`,
      [brandId, contactId],
    );
    const unprocessed = idList(tx, await unprocessedEventsOf(tx, brandId, contactId, identifiers));
    const testEmails = await testEmailsOf(tx, brandId, contactId, identifiers);
    // Batch items name the contact in their answer ({contactID}, written by the batch worker exactly so)
    // or share their id with the event they became (or will become).
    await tx.run(
      `UPDATE "BatchItem" SET "request" = ? WHERE "batchId" IN (SELECT "id" FROM "Batch" WHERE "brandId" = ?)
        AND ("response" = ? OR "id" IN (SELECT "id" FROM "ContactEvent" WHERE "brandId" = ? AND "contactId" = ?) OR "id" IN ${unprocessed.sql})`,
      [ERASED_REQUEST, brandId, JSON.stringify({ contactID: contactId }), brandId, contactId, unprocessed.param],
    );
    // Children first and explicitly: the result does not depend on the connection's foreign-key setting.
    await tx.run(
      `DELETE FROM "EventInbox" WHERE "brandId" = ? AND "id" IN (SELECT "id" FROM "ContactEvent" WHERE "brandId" = ? AND "contactId" = ?)`,
      [brandId, brandId, contactId],
    );
    const pending = await tx.run(
      `DELETE FROM "EventInbox" WHERE "brandId" = ? AND "status" IN ('pending', 'parked') AND "id" IN ${unprocessed.sql}`,
      [brandId, unprocessed.param],
    );
    await eraseDeliveryData(
      tx,
      brandId,
      contactId,
      identifiers.filter((i) => i.type === "email").map((i) => i.value),
      new Date(),
    );
    for (const table of ["ContactEvent", "ContactIdentifier", "ContactTag", "ContactConsent", "ContactStatusChange"]) {
      await tx.run(`DELETE FROM "${table}" WHERE "contactId" = ?`, [contactId]);
    }
    await tx.run(`DELETE FROM "Contact" WHERE "id" = ? AND "brandId" = ?`, [contactId, brandId]);
    if (testEmails.length) {
      const sent = idList(tx, testEmails);
      await tx.run(`DELETE FROM "TestEmail" WHERE "brandId" = ? AND "id" IN ${sent.sql}`, [brandId, sent.param]);
    }
    const now = new Date();
    const erasure = {
      id: newId(now),
      contactID: contactId,
      erasedBy,
      identifiers: identifiers.length,
      events: numberValue(processed) + pending,
      erasedAt: now.toISOString(),
    };
    await tx.run(
      `INSERT INTO "ContactErasure" ("id", "brandId", "contactId", "erasedBy", "identifiers", "events", "erasedAt") VALUES (?, ?, ?, ?, ?int, ?int, ?ts)`,
      [erasure.id, brandId, contactId, erasedBy, erasure.identifiers, erasure.events, now],
    );
    return erasure;
  });
}

/** One audit line of the brand (the notice the dashboard shows after an erasure), or null. */
export async function getErasure(brandId: string, id: string): Promise<Erasure | null> {
  if (!isId(id)) return null;
  const row = await db.contactErasure.findFirst({
    where: { id, brandId },
    select: { id: true, contactId: true, erasedBy: true, identifiers: true, events: true, erasedAt: true },
  });
  return (
    row && {
      id: row.id,
      contactID: row.contactId,
      erasedBy: row.erasedBy,
      identifiers: row.identifiers,
      events: row.events,
      erasedAt: row.erasedAt.toISOString(),
    }
  );
}
