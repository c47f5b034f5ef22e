// The double opt-in click (GET /f/confirm/{token}), and a single opt-in form's submission: the one place a
// form subscribes a contact. The submission is claimed first (pending → confirmed, once), so a second click,
// a mail scanner's prefetch after the person's click, or two clicks at once change nothing more. The
// subscription goes through lib/contacts like every other change of a channel's status: the status
// history records it (source signup-form), which is what the "subscribed to marketing" trigger reads, so
// the Welcome starter greets them.
import { isIP } from "node:net";
import { updateContact } from "@/lib/contacts/update-contact";
import { db } from "@/lib/db";
import { writeTransaction } from "@/lib/db/sql";
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
  const now = new Date();
  const claimed = await writeTransaction((tx) =>
    tx.run(
      `UPDATE "FormSubmission" SET "status" = 'confirmed', "confirmedAt" = ?ts, "confirmIp" = ?, "confirmUserAgent" = ? WHERE "id" = ? AND "status" = 'pending'`,
      [now, ipOrNull(visitor.ip), visitor.userAgent?.slice(0, 500) || null, submissionId],
    ),
  );
  if (claimed === 0) return { kind: "already", ...base };

  const fields = (submission.fields ?? {}) as Partial<Record<FieldName, string>>;
  const ip = ipOrNull(submission.ip);
  try {
    await updateContact(
      submission.brandId,
      { id: submission.contactId },
      {
        ...fields,
        identifiers: [
          {
            type: "email",
            id: submission.email,
            channels: { email: { status: "subscribed" } },
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
      },
      { source: FORM_SOURCE },
    );
  } catch (error) {
    // The contact was erased since: there is nobody left to subscribe.
    if (error instanceof ApiProblem && error.code === "not-found") return { kind: "unknown" };
    throw error;
  }
  // The identifier's consent above is also the contact's consent entry (lib/contacts writes both).
  await bumpCounter({ id: submission.formId, brandId: submission.brandId }, "confirmations");
  await subscribeChosenTopics(submission.brandId, submission.contactId, submission.topicIds, submission.formId);
  return { kind: "confirmed", ...base };
}

/**
 * The topics the person chose on the form, as they still exist: a topic deleted between the submission and
 * the click is left out (the person is not refused for it).
 */
async function subscribeChosenTopics(brandId: string, contactId: string, chosen: unknown, formId: string) {
  const wanted = Array.isArray(chosen) ? chosen.filter((t): t is string => typeof t === "string") : [];
  if (wanted.length === 0) return;
  const existing = await db.subscriptionTopic.findMany({ where: { brandId, id: { in: wanted } }, select: { id: true } });
  if (existing.length === 0) return;
  // Read once: these are the brand's topics already, so no second check (findBrandTopics) before the write.
  await writeTransaction((tx) =>
    writeTopicStatuses(tx, {
      brandID: brandId,
      contactID: contactId,
      changes: existing.map((t) => ({ topicID: t.id, status: "subscribed" as const })),
      source: `form:${formId}`,
    }),
  );
}
