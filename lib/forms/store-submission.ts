// An accepted submission's one write transaction: the contact created or found (its email status
// unchanged: only the confirmation subscribes), the consent record, the form's counter and the
// confirmation email queued in the brand's lane. (Committing it on the worker thread's writer, as accepted
// events are, was tried and measured slower: bench:forms, docs/forms.md.)
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

export type StoredSubmission = { submissionId: string; queued: boolean };

/** How long a pending submission's confirmation email stands before the same address may get another. */
const RESEND_AFTER_MS = 24 * 60 * 60 * 1000;

export function storeSubmission(s: SubmissionToStore): Promise<StoredSubmission> {
  const { form, now } = s;
  // urgent: a visitor waits for this commit, ahead of background writes queued on the same writer (lib/db).
  return withIdentifierRetry(() =>
    writeTransaction(
      async (tx) => {
        // The email status stays as it is (a new contact: nonSubscribed); names wait for the confirmation,
        // so a stranger's submission cannot rename someone else's contact.
        const { contactId } = await upsertContactIn(
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
        const since = now.getTime() - RESEND_AFTER_MS;
        const pending = (
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
        if (s.contentId)
          await queueSystemMessageIn(tx, {
            id: s.messageId!,
            brandId: form.brandId,
            source: laneOf(form.brandId),
            content: { id: s.contentId },
            contactId,
            email: s.email,
            key: submissionId,
            sendAt: await takeSlot(tx, form.brandId, now),
          });
        return { submissionId, queued: s.contentId !== null };
      },
      { urgent: true },
    ),
  );
}
