// What erasing a contact (lib/contacts/erase-contact.ts) removes of its email: its messages (their clicks
// and kept bodies too), the messages sent to its addresses (test sends), the mail that came back about
// them or from its addresses (lib/inbound: bounce notices, replies, whole, and the records of notices applied), and every suppression of its
// addresses becomes an "erased" one that keeps only the address's hash, so the brand still never mails
// the address and no longer knows it. Counters keep their sums (they name nobody); order attributions keep
// their order (so it never counts twice) without the contact.
import type { SqlRunner } from "@/lib/db/sql";
import { newId } from "@/lib/ids";
import { addressHash, placeholders } from "./eligibility";

export async function eraseDeliveryData(tx: SqlRunner, brandId: string, contactId: string, emails: string[], now: Date): Promise<void> {
  const owned = `SELECT "id" FROM "Message" WHERE "brandId" = ? AND ("contactId" = ?${emails.length ? ` OR "email" IN (${placeholders(emails.length)})` : ""})`;
  const params = [brandId, contactId, ...emails];
  // Before its messages go (the rows name them): a received message is whole (raw) and names the person.
  await tx.run(
    `DELETE FROM "InboundMail" WHERE "brandId" = ? AND ("messageId" IN (${owned})${emails.length ? ` OR "fromAddress" IN (${placeholders(emails.length)})` : ""})`,
    [brandId, ...params, ...emails],
  );
  // The record that a notice about one of them was applied names the message and its return-path address.
  await tx.run(`DELETE FROM "InboundNotice" WHERE "messageId" IN (${owned})`, params);
  await tx.run(`DELETE FROM "MessageClick" WHERE "messageId" IN (${owned})`, params);
  await tx.run(`DELETE FROM "MessageBody" WHERE "messageId" IN (${owned})`, params);
  await tx.run(`DELETE FROM "Message" WHERE "id" IN (${owned})`, params);
  // Its orders' attributions stay (an order's event sent again must still count nothing) but name nobody.
  await tx.run(`UPDATE "OrderAttribution" SET "contactId" = '' WHERE "brandId" = ? AND "contactId" = ?`, [brandId, contactId]);
  for (const email of emails) {
    await tx.run(
      `INSERT INTO "Suppression" ("id", "brandId", "addressHash", "email", "reason", "detail", "messageId", "createdAt")
       VALUES (?, ?, ?, NULL, 'erased', NULL, NULL, ?ts)
       ON CONFLICT ("brandId", "addressHash") DO UPDATE SET "email" = NULL, "reason" = 'erased', "detail" = NULL, "messageId" = NULL`,
      [newId(now), brandId, addressHash(email), now],
    );
  }
}
