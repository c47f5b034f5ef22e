// Test emails: the one way a template, a campaign or an automation block is sent to addresses the caller
// names, with one rule set (docs/delivery.md "Test emails"):
//  - the sender: an address the email names must be a verified sender of the brand (409), else the
//    deployment's sender;
//  - suppression: no test goes to an address on the brand's suppression list (409 naming it);
//  - the budget: TEST_SEND_PER_HOUR emails (addresses × emails) per brand per hour (./budget.ts);
//  - the subject: "[Test] " once, here (testSubject), so the mail, the outbox and the store agree.
// Each email is rendered (as a chosen contact, or with sample data) and sent through the delivery pipeline
// (sendMessagesNow: one message per address, SMTP when configured, else the built-in outbox), its links test
// links, then kept in the one store of test emails (./test-email-store.ts).
import { sqlReader } from "@/lib/db/sql";
import { addressHash, suppressionsOf } from "@/lib/delivery/eligibility";
import { sendMessagesNow } from "@/lib/delivery/queue/send-now";
import { deploymentSender, senderVerdict } from "@/lib/delivery/senders/verified-sender";
import type { Principal } from "@/lib/http/principal";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { renderTemplateFor } from "@/lib/templates/render/render-template";
import { spendTestEmails } from "./budget";
import type { TestSendInput } from "./schemas";
import { storeTestEmail } from "./test-email-store";

const PREFIX = "[Test] ";
const MAX_SUBJECT = 250;

/** A test email's subject: "[Test] " once, even when the subject given carries it already. */
export function testSubject(subject: string): string {
  const bare = subject.startsWith(PREFIX) ? subject.slice(PREFIX.length) : subject;
  return (PREFIX + bare).slice(0, MAX_SUBJECT);
}

/** Addresses once each (case-insensitively), trimmed, in the order given. */
export function distinctAddresses(to: string[]): string[] {
  return [...new Map(to.map((a) => [a.trim().toLowerCase(), a.trim()])).values()];
}

/** One email of a test send: what is rendered, and how it is addressed. */
export type TestEmailSpec = {
  templateId: string;
  /** default: the template's name */
  subject?: string;
  preheader?: string;
  /** the sender's name and address; an address must be a verified sender of the brand */
  senderName?: string;
  senderEmail?: string;
  replyToEmail?: string;
  /** render as this contact; sample data without one */
  renderAs?: { contactID: string } | { email: string };
};

export type TestSend = {
  to: string[];
  emails: TestEmailSpec[];
  /** the messages' source kind (the outbox filters by it) */
  sourceKind?: string;
};

async function refuseSuppressed(brandId: string, to: string[]): Promise<void> {
  const suppressed = await suppressionsOf(sqlReader(), brandId, to);
  const refused = to.filter((r) => suppressed.has(addressHash(r)));
  if (refused.length === 0) return;
  const reasons = [...new Set(refused.map((r) => suppressed.get(addressHash(r))))].join(", ");
  throw new ApiProblem(
    "conflict",
    `${refused.join(", ")} ${refused.length === 1 ? "is" : "are"} on the brand's suppression list (${reasons}): test emails go only to addresses that may be sent mail`,
  );
}

async function refuseUnverifiedSenders(brandId: string, emails: TestEmailSpec[]): Promise<void> {
  for (const address of new Set(emails.flatMap((e) => (e.senderEmail ? [e.senderEmail] : [])))) {
    if (!(await senderVerdict(brandId, address)).verified) {
      throw new ApiProblem(
        "conflict",
        `${address} is not a verified sender of the brand: verify it under Settings → Sending, or leave the sender address empty`,
      );
    }
  }
}

/** Sends the test emails (each to every address), after the rules above; the stored records, in order. */
export async function sendTestEmails(auth: Principal, send: TestSend) {
  const to = distinctAddresses(send.to);
  await refuseSuppressed(auth.brandId, to);
  await refuseUnverifiedSenders(auth.brandId, send.emails);
  // Rendered before the budget is spent: an unknown template or contact (404) costs nothing.
  const rendered = await Promise.all(
    send.emails.map((email) => renderTemplateFor(auth.brandId, email.templateId, email.renderAs, { mode: "test" })),
  );
  await spendTestEmails(auth.brandId, to.length * send.emails.length);
  const deployment = deploymentSender();
  const results = [];
  for (const [i, email] of send.emails.entries()) results.push(await sendOne(auth, to, email, rendered[i], deployment, send.sourceKind));
  return results;
}

async function sendOne(
  auth: Principal,
  to: string[],
  email: TestEmailSpec,
  rendered: Awaited<ReturnType<typeof renderTemplateFor>>,
  deployment: { name: string; address: string },
  sourceKind = "test",
) {
  const sender = { name: email.senderName || deployment.name || "Inkwell", address: email.senderEmail || deployment.address };
  const id = newId();
  const subject = testSubject(email.subject ?? rendered.template.name);
  const sent = await sendMessagesNow(auth.brandId, {
    source: { kind: sourceKind, id },
    content: {
      templateId: email.templateId,
      subject,
      ...(email.preheader ? { preheader: email.preheader } : {}),
      senderName: sender.name,
      senderEmail: sender.address,
      ...(email.replyToEmail ? { replyToEmail: email.replyToEmail } : {}),
    },
    recipients: to.map((address) => ({ email: address, renderAs: rendered.recipient?.id ?? null })),
  });
  const failed = sent.messages.find((m) => m.status === "failed");
  const first = sent.messages.find((m) => m.html !== null);
  const stored = await storeTestEmail({
    id,
    from: `${sender.name} <${sender.address}>`,
    to,
    subject: first?.subject ?? subject,
    html: first?.html ?? rendered.html,
    text: first?.text ?? rendered.text,
    transport: sent.transport,
    status: failed ? "failed" : "sent",
    error: failed?.error ?? null,
    brandId: auth.brandId,
    userId: auth.kind === "session" ? (auth.userId ?? null) : null,
    templateId: email.templateId,
    templateName: rendered.template.name,
    contact: rendered.recipient ? { id: rendered.recipient.id, email: rendered.recipient.email ?? null } : null,
  });
  if (failed) {
    throw new ApiProblem("mail-failed", `The mail server did not take the test email: ${failed.error ?? "no answer"}`, {
      testEmailID: stored.id,
    });
  }
  return { ...stored, warnings: rendered.warnings };
}

/** POST /api/email-templates/{id}/test-sends: a template, from the deployment's sender. */
export async function sendTestEmail(auth: Principal, templateId: string, input: TestSendInput) {
  const renderAs = input.contactID ? { contactID: input.contactID } : input.email ? { email: input.email } : undefined;
  const [sent] = await sendTestEmails(auth, { to: input.to, emails: [{ templateId, subject: input.subject, renderAs }] });
  return sent;
}
