// The submissions the worker thread receives in one message (./form-writes-thread.ts), stored together: the
// usual signup is a new address, and those of a batch share one transaction with one statement per table
// (one identifier look-up per brand, the contacts' three inserts, the submissions, the forms' counters, the
// lane's slots, the confirmation emails and their counters), where one transaction each (./store-submission.ts)
// ran eleven statements and a savepoint per submission: most of a submission's CPU (bench:forms,
// docs/forms.md "Speed"). The writes are those of storeSubmission for a new address. An address the brand
// knows, or posted twice in the batch, goes through storeSubmission (the pending submission's look-up), queued
// after the batch's transaction on the same writer, so it sees the contacts the batch created. A batch
// whose transaction fails is stored one by one: each submission gets its own outcome.
import { insertNewContacts, newContactRows } from "@/lib/contacts/write-contact";
import { queueSystemMessagesIn } from "@/lib/delivery";
import type { Dialect } from "@/lib/db/dialect";
import { writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { newId } from "@/lib/ids";
import { bumpCounter } from "./counters";
import { laneOf, takeSlots } from "./lane";
import { storeSubmission, type StoredSubmission, type SubmissionToStore } from "./store-submission";

const SOURCE = "signup-form";

/** Stores each submission; the promises settle in order, each with its own outcome. */
export function storeSubmissions(batch: SubmissionToStore[]): Promise<StoredSubmission>[] {
  if (batch.length <= 1) return batch.map(storeSubmission);
  let fresh: number[] = [];
  const stored = writeTransaction(
    async (tx) => {
      fresh = await newAddresses(tx, batch);
      return fresh.length > 0
        ? await storeNew(
            tx,
            fresh.map((i) => batch[i]),
          )
        : [];
    },
    { urgent: true }, // a visitor waits for this commit (lib/db's writer)
  );
  const results: Promise<StoredSubmission>[] = batch.map(async (s, i) => {
    let own: StoredSubmission[];
    try {
      own = await stored;
    } catch {
      return storeSubmission(s); // the batch failed: each on its own, with its own error if it fails again
    }
    const at = fresh.indexOf(i);
    return at >= 0 ? own[at] : storeSubmission(s);
  });
  return results;
}

/**
 * The brand's contacts among `count` email addresses: an IN list, one probe of the (brandId, type, value)
 * index each, that index named (Dialect.lookupBy) as the events worker's look-ups do, since a new
 * database's statistics make the engine scan the table otherwise. identifierOwners' OR of (type, value) pairs
 * was planned, with eight pairs or more, as a walk over the brand's identifiers: half of the worker's
 * time per submission.
 */
export const addressLookup = (dialect: Dialect, count: number) =>
  `SELECT "value" FROM ${dialect.lookupBy("ContactIdentifier", "ContactIdentifier_brandId_type_value_key")}
   WHERE "brandId" = ? AND "type" = 'email' AND "value" IN (${Array.from({ length: count }, () => "?").join(", ")})`;

/** The indexes of the submissions whose address is new to its brand and first in the batch. */
async function newAddresses(tx: SqlRunner, batch: SubmissionToStore[]): Promise<number[]> {
  const seen = new Set<string>();
  const owned = new Set<string>();
  for (const brandId of new Set(batch.map((s) => s.form.brandId))) {
    const emails = [...new Set(batch.filter((s) => s.form.brandId === brandId).map((s) => s.email))];
    const owners = await tx.all<{ value: string }>(addressLookup(tx.dialect, emails.length), [brandId, ...emails]);
    for (const { value } of owners) owned.add(`${brandId}|${value}`);
  }
  const fresh: number[] = [];
  batch.forEach((s, i) => {
    const key = `${s.form.brandId}|${s.email}`;
    if (owned.has(key) || seen.has(key)) return;
    seen.add(key);
    fresh.push(i);
  });
  return fresh;
}

/** storeSubmission's writes for new addresses, each table's rows in one statement. */
async function storeNew(tx: SqlRunner, batch: SubmissionToStore[]): Promise<StoredSubmission[]> {
  const contacts = batch.map((s) =>
    newContactRows(
      newId(),
      { identifiers: [{ type: "email", id: s.email }] },
      { brandId: s.form.brandId, source: SOURCE, now: new Date() },
    ),
  );
  await insertNewContacts(tx, contacts);
  const ids = batch.map(() => newId());
  await tx.run(
    `INSERT INTO "FormSubmission" ("id", "brandId", "formId", "contactId", "email", "messageId", "status", "fields", "topicIds", "consentText", "ip", "userAgent", "submittedAt")
     VALUES ${batch.map(() => "(?, ?, ?, ?, ?, ?, 'pending', ?json, ?json, ?, ?, ?, ?ts)").join(", ")}`,
    batch.flatMap((s, i) => [
      ids[i],
      s.form.brandId,
      s.form.id,
      contacts[i].id,
      s.email,
      s.messageId,
      JSON.stringify(s.fields),
      JSON.stringify(s.topicIds),
      s.consentText,
      s.ip || null,
      s.userAgent.slice(0, 500) || null,
      s.now,
    ]),
  );
  const perForm = new Map<string, { form: SubmissionToStore["form"]; n: number }>();
  for (const s of batch) {
    const entry = perForm.get(s.form.id) ?? { form: s.form, n: 0 };
    entry.n++;
    perForm.set(s.form.id, entry);
  }
  for (const { form, n } of perForm.values()) await bumpCounter(form, "submissions", tx, n);

  // The confirmations (double opt-in): each brand's lane gives its submissions their slots in batch order.
  const confirming = batch.flatMap((s, i) => (s.contentId ? [i] : []));
  const slots = new Map<number, Date>();
  for (const brandId of new Set(confirming.map((i) => batch[i].form.brandId))) {
    const mine = confirming.filter((i) => batch[i].form.brandId === brandId);
    const taken = await takeSlots(
      tx,
      brandId,
      mine.map((i) => batch[i].now),
    );
    mine.forEach((i, k) => slots.set(i, taken[k]));
  }
  const queued = await queueSystemMessagesIn(
    tx,
    confirming.map((i) => ({
      id: batch[i].messageId!,
      brandId: batch[i].form.brandId,
      source: laneOf(batch[i].form.brandId),
      content: { id: batch[i].contentId! },
      contactId: contacts[i].id,
      email: batch[i].email,
      key: ids[i],
      sendAt: slots.get(i)!,
    })),
  );
  return batch.map((s, i) => {
    const k = confirming.indexOf(i);
    if (k < 0) return { submissionId: ids[i], queued: false };
    const sendAt = slots.get(i)!;
    return { submissionId: ids[i], queued: queued[k], due: sendAt.getTime() <= s.now.getTime() };
  });
}
