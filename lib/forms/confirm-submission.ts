// The double opt-in confirmation (POST /f/confirm/{token}: the button of the page the email's link opens; the
// GET only shows that page, so a mail scanner's prefetch confirms nothing), and a single opt-in form's
// submission: the one place a form subscribes a contact. The claim (pending → confirmed, once) commits in
// one transaction with the contact's subscription, the counter and the topics: a second POST or two at once
// change nothing more, and a failure part-way claims nothing, so the next POST subscribes. The subscription
// goes through lib/contacts like every other change of a channel's status: the status history records it
// (source signup-form), which is what the "subscribed to marketing" trigger reads, so the Welcome starter
// greets them.
import { isIP } from "node:net";
import { updateContactIn } from "@/lib/contacts/update-contact";
import { withIdentifierRetry } from "@/lib/contacts/write-contact";
import { db } from "@/lib/db";
import { writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { ApiProblem } from "@/lib/http/problems";
import { writeTopicStatuses } from "@/lib/topics/subscribe";
import { bumpCounter } from "./counters";
import type { FieldName } from "./schemas";

export const FORM_SOURCE = "signup-form";

export type ConfirmOutcome =
  { kind: "confirmed"; brandName: string; formId: string } | { kind: "already"; brandName: string; formId: string } | { kind: "unknown" };

const ipOrNull = (ip: string | null | undefined) => (ip && isIP(ip) ? ip : null);

export async function subscribeSubmission(
  submissionId: string,
  visitor: { ip?: string | null; userAgent?: string | null },
): Promise<ConfirmOutcome> {
  const submission = await db.formSubmission.findUnique({
    where: { id: submissionId },
    select: {
      id: true,
      brandId: true,
      formId: true,
      contactId: true,
      email: true,
      status: true,
      fields: true,
      topicIds: true,
      ip: true,
      userAgent: true,
      submittedAt: true,
    },
  });
  if (!submission) return { kind: "unknown" };
  const brand = await db.brand.findUnique({ where: { id: submission.brandId }, select: { name: true } });
  if (!brand) return { kind: "unknown" };
  const base = { brandName: brand.name, formId: submission.formId };
  const fields = (submission.fields ?? {}) as Partial<Record<FieldName, string>>;
  const ip = ipOrNull(submission.ip);
  const patch = {
    ...fields,
    identifiers: [
      {
        type: "email" as const,
        id: submission.email,
        channels: { email: { status: "subscribed" as const } },
        // The consent is the submission's: when and from where the person agreed to the text they saw.
        consent: {
          source: `form ${submission.formId}`,
          createdAt: submission.submittedAt.toISOString(),
          ...(ip ? { ip } : {}),
          ...(submission.userAgent ? { userAgent: submission.userAgent } : {}),
        },
        sendWelcomeMessage: true,
      },
    ],
  };
  // The claim, the subscription, the counter and the topics commit together or not at all: a failure in
  // between leaves the submission pending, so the next click subscribes instead of saying "Already confirmed".
  try {
    const claimed = await withIdentifierRetry(() =>
      writeTransaction(async (tx) => {
        const now = new Date();
        const claimed = await tx.run(
          `UPDATE "FormSubmission" SET "status" = 'confirmed', "confirmedAt" = ?ts, "confirmIp" = ?, "confirmUserAgent" = ? WHERE "id" = ? AND "status" = 'pending'`,
          [now, ipOrNull(visitor.ip), visitor.userAgent?.slice(0, 500) || null, submissionId],
        );
        if (claimed === 0) return false;
        // The identifier's consent is also the contact's consent entry (lib/contacts writes both).
        await updateContactIn(tx, submission.brandId, { id: submission.contactId }, patch, { source: FORM_SOURCE, now });
        await bumpCounter({ id: submission.formId, brandId: submission.brandId }, "confirmations", tx);
        await subscribeChosenTopics(tx, submission.brandId, submission.contactId, submission.topicIds, submission.formId);
        return true;
      }),
    );
    if (!claimed) return { kind: "already", ...base };
  } catch (error) {
    // The contact was erased since: there is nobody left to subscribe.
    if (error instanceof ApiProblem && error.code === "not-found") return { kind: "unknown" };
    throw error;
  }
  return { kind: "confirmed", ...base };
}

/**
 * The topics the person chose on the form, as they still exist: a topic deleted between the submission and
 * the click is left out (the person is not refused for it). Read in the transaction that writes them, so
 * one deleted in between cannot break the foreign key.
 */
async function subscribeChosenTopics(tx: SqlRunner, brandId: string, contactId: string, chosen: unknown, formId: string) {
  const wanted = Array.isArray(chosen) ? chosen.filter((t): t is string => typeof t === "string") : [];
  if (wanted.length === 0) return;
  const existing = await tx.all<{ id: string }>(
    `SELECT "id" FROM "SubscriptionTopic" WHERE "brandId" = ? AND "id" IN (${wanted.map(() => "?").join(", ")})`,
    [brandId, ...wanted],
  );
  await writeTopicStatuses(tx, {
    brandID: brandId,
    contactID: contactId,
    changes: existing.map((t) => ({ topicID: t.id, status: "subscribed" as const })),
    source: `form:${formId}`,
  });
}
