// A test send: the template rendered as a chosen contact (or with sample data), to up to 5 addresses,
// through the delivery pipeline like every email (lib/delivery sendMessagesNow: one message per address,
// SMTP when configured, else the built-in outbox), from the deployment's sender unless the caller names one. Its unsubscribe and
// preferences links are test links: they show the pages but change nothing for the contact.
import { deploymentSender } from "@/lib/delivery/senders/verified-sender";
import { sendMessagesNow } from "@/lib/delivery/queue/send-now";
import type { Principal } from "@/lib/http/principal";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { renderTemplateFor } from "@/lib/templates/render/render-template";
import type { TestSendInput } from "./schemas";
import { storeTestEmail } from "./test-email-store";

function recipients(to: string[]): string[] {
  const seen = new Set<string>();
  return to
    .map((a) => a.trim())
    .filter((a) => {
      const key = a.toLowerCase();
      return seen.has(key) ? false : (seen.add(key), true);
    });
}

/** Who a test comes from: the deployment's sender unless the caller (an email it tests) names a verified one. */
export type TestSender = { name?: string; address?: string };

export async function sendTestEmail(auth: Principal, templateId: string, input: TestSendInput, from: TestSender = {}) {
  const who = input.contactID ? { contactID: input.contactID } : input.email ? { email: input.email } : undefined;
  // The render's warnings and pre-send checks, as the render endpoint reports them (and the contact, found or 404).
  const rendered = await renderTemplateFor(auth.brandId, templateId, who, { mode: "test" });
  const deployment = deploymentSender();
  const sender = { name: from.name || deployment.name, address: from.address || deployment.address };
  const id = newId();
  const to = recipients(input.to);
  const subject = input.subject ?? rendered.template.name;
  const sent = await sendMessagesNow(auth.brandId, {
    source: { kind: "test", id },
    content: { templateId, subject, senderName: sender.name || "Inkwell", senderEmail: sender.address },
    recipients: to.map((email) => ({ email, renderAs: rendered.recipient?.id ?? null })),
  });
  const failed = sent.messages.find((m) => m.status === "failed");
  const first = sent.messages.find((m) => m.html !== null);
  const stored = await storeTestEmail({
    id,
    from: sender.name ? `${sender.name} <${sender.address}>` : sender.address,
    to,
    subject: `[Test] ${subject}`,
    html: first?.html ?? rendered.html,
    text: first?.text ?? rendered.text,
    transport: sent.transport,
    status: failed ? "failed" : "sent",
    error: failed?.error ?? null,
    brandId: auth.brandId,
    userId: auth.kind === "session" ? (auth.userId ?? null) : null,
    templateId,
    templateName: rendered.template.name,
    contact: rendered.recipient ? { id: rendered.recipient.id, email: rendered.recipient.email ?? null } : null,
  });
  if (failed) {
    throw new ApiProblem("mail-failed", `The mail server did not take the test email: ${failed.error}`, { testEmailID: stored.id });
  }
  return { ...stored, warnings: rendered.warnings };
}
