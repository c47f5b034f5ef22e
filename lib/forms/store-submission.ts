// An accepted submission's one write transaction: the contact created or found (its email status
// unchanged: only the confirmation subscribes), the consent record, the form's counter and the
// confirmation email queued in the brand's lane. Its input is plain data, so that the server's worker
// thread can run it for the request thread (./form-writes.ts).
import { upsertContactIn } from "@/lib/contacts/upsert-contact";
import { withIdentifierRetry } from "@/lib/contacts/write-contact";
import { queueSystemMessageIn } from "@/lib/delivery";
import { writeTransaction } from "@/lib/db/sql";
import { idTime, newId } from "@/lib/ids";
import { bumpCounter } from "./counters";
import { laneOf, takeSlot } from "./lane";
import type { FieldName } from "./schemas";

export type SubmissionToStore = {
  form: { id: string; brandId: string };
  email: string;
  fields: Partial<Record<FieldName, string>>;
  topicIds: string[];
  consentText: string;
  ip: string;
  userAgent: string;
  now: Date;
  /** the confirmation email's id and its stored content's (double opt-in), else null */
  messageId: string | null;
  contentId: string | null;
};

/**
 * `due`: the queued confirmation's slot in the lane is now (wake the delivery worker); a later slot is
 * found by the worker's next poll after it comes (within EVENTS_WORKER_IDLE_MS), with no wake per submission.
 */
export type StoredSubmission = { submissionId: string; queued: boolean; due?: boolean };

/** How long a pending submission's confirmation email stands before the same address may get another. */
const RESEND_AFTER_MS = 24 * 60 * 60 * 1000;

export function storeSubmission(s: SubmissionToStore): Promise<StoredSubmission> {
  const { form, now } = s;
  // urgent: a visitor waits for this commit, ahead of the worker's background batches (lib/db's writer).
  return withIdentifierRetry(() =>
    writeTransaction(
      async (tx) => {
        // The email status stays as it is (a new contact: nonSubscribed); names wait for the confirmation,
        // so a stranger's submission cannot rename someone else's contact.
        const { contactId, created } = await upsertContactIn(
          tx,
          form.brandId,
          { identifiers: [{ type: "email", id: s.email }] },
          { source: "signup-form" },
        );
        const values = [
          JSON.stringify(s.fields),
          JSON.stringify(s.topicIds),
          s.consentText,
          s.ip || null,
          s.userAgent.slice(0, 500) || null,
          now,
        ];
        // A double submit, or someone posting another person's address again and again, must not send that
        // person one confirmation email per post: while the form's submission for the address waits for its
        // click, a new one updates it (the latest fields, topics and consent) and queues nothing. After a day
        // the address gets a new email (the person may have lost the first): one a day at most per form.
        // (Ids tell their creation time, lib/ids.ts: the submission's is when its email was queued.)
        // A contact created just now has no submission yet: one statement fewer for a new address.
        const since = now.getTime() - RESEND_AFTER_MS;
        const pending = created
          ? undefined
          : (
              await tx.all<{ id: string }>(
                `SELECT "id" FROM "FormSubmission" WHERE "brandId" = ? AND "contactId" = ? AND "formId" = ? AND "status" = 'pending'`,
                [form.brandId, contactId, form.id],
              )
            ).find((row) => idTime(row.id).getTime() > since);
        if (pending) {
          await tx.run(
            `UPDATE "FormSubmission" SET "fields" = ?json, "topicIds" = ?json, "consentText" = ?, "ip" = ?, "userAgent" = ?, "submittedAt" = ?ts
           WHERE "id" = ?`,
            [...values, pending.id],
          );
          return { submissionId: pending.id, queued: false };
        }
        const submissionId = newId();
        await tx.run(
          `INSERT INTO "FormSubmission" ("id", "brandId", "formId", "contactId", "email", "messageId", "status", "fields", "topicIds", "consentText", "ip", "userAgent", "submittedAt")
         VALUES (?, ?, ?, ?, ?, ?, 'pending', ?json, ?json, ?, ?, ?, ?ts)`,
          [submissionId, form.brandId, form.id, contactId, s.email, s.messageId, ...values],
        );
        await bumpCounter(form, "submissions", tx);
        if (!s.contentId) return { submissionId, queued: false };
        const sendAt = await takeSlot(tx, form.brandId, now);
        await queueSystemMessageIn(tx, {
          id: s.messageId!,
          brandId: form.brandId,
          source: laneOf(form.brandId),
          content: { id: s.contentId },
          contactId,
          email: s.email,
          key: submissionId,
          sendAt,
        });
        return { submissionId, queued: true, due: sendAt.getTime() <= now.getTime() };
      },
      { urgent: true },
    ),
  );
}
