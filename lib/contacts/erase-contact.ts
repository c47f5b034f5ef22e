// Erasing a contact (GDPR right to erasure, POST /api/contacts/{id}/erasure): the contact, its
// identifiers, tags, consents, status history and events (the processed events and their inbox rows,
// whose payloads name the person) are deleted in one transaction; batch items that wrote this contact or
// its events keep their place and result in the batch, but the request they carried (an email, a name) is
// replaced by {"erased": true}. An audit line is kept that says who erased which contact id when, and how
// much went, with nothing that identifies the person.
import { z } from "zod";
import { writeTransaction } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";

export const ErasureSchema = z.object({
  id: z.string(),
  contactID: z.string(),
  erasedBy: z.string().meta({ description: "The dashboard user id, or the kind of API credential" }),
  identifiers: z.number().int().meta({ description: "Emails and phone numbers removed" }),
  events: z.number().int().meta({ description: "Events removed" }),
  erasedAt: z.iso.datetime(),
}).meta({ id: "ContactErasure", description: "The audit line of an erased contact" });
export type Erasure = z.infer<typeof ErasureSchema>;

/** What an erased contact's batch items hold instead of the request they were sent with. */
export const ERASED_REQUEST = JSON.stringify({ erased: true });

export async function eraseContact(brandId: string, contactId: string, erasedBy: string): Promise<Erasure> {
  return writeTransaction(async (tx) => {
    const [found] = await tx.all<{ id: string }>(`SELECT "id" FROM "Contact" WHERE "id" = ? AND "brandId" = ?`, [contactId, brandId]);
    if (!found) throw new ApiProblem("not-found", `Contact ${contactId} does not exist`);
    const [{ n: identifiers }] = await tx.all<{ n: unknown }>(`SELECT COUNT(*) AS n FROM "ContactIdentifier" WHERE "contactId" = ?`, [contactId]);
    const [{ n: events }] = await tx.all<{ n: unknown }>(`SELECT COUNT(*) AS n FROM "ContactEvent" WHERE "brandId" = ? AND "contactId" = ?`, [brandId, contactId]);
    // Batch items name the contact in their answer ({contactID}, written by the batch worker exactly so)
    // or share their id with the event they became.
    await tx.run(
      `UPDATE "BatchItem" SET "request" = ? WHERE "batchId" IN (SELECT "id" FROM "Batch" WHERE "brandId" = ?)
        AND ("response" = ? OR "id" IN (SELECT "id" FROM "ContactEvent" WHERE "brandId" = ? AND "contactId" = ?))`,
      [ERASED_REQUEST, brandId, JSON.stringify({ contactID: contactId }), brandId, contactId],
    );
    // Children first and explicitly: the result does not depend on the connection's foreign-key setting.
    await tx.run(`DELETE FROM "EventInbox" WHERE "brandId" = ? AND "id" IN (SELECT "id" FROM "ContactEvent" WHERE "brandId" = ? AND "contactId" = ?)`, [brandId, brandId, contactId]);
    for (const table of ["ContactEvent", "ContactIdentifier", "ContactTag", "ContactConsent", "ContactStatusChange"]) {
      await tx.run(`DELETE FROM "${table}" WHERE "contactId" = ?`, [contactId]);
    }
    await tx.run(`DELETE FROM "Contact" WHERE "id" = ? AND "brandId" = ?`, [contactId, brandId]);
    const now = new Date();
    const erasure = { id: newId(now), contactID: contactId, erasedBy, identifiers: numberValue(identifiers), events: numberValue(events), erasedAt: now.toISOString() };
    await tx.run(`INSERT INTO "ContactErasure" ("id", "brandId", "contactId", "erasedBy", "identifiers", "events", "erasedAt") VALUES (?, ?, ?, ?, ?int, ?int, ?ts)`,
      [erasure.id, brandId, contactId, erasedBy, erasure.identifiers, erasure.events, now]);
    return erasure;
  });
}
