// A test send: the template rendered as a chosen contact (or with sample data), to up to 5 addresses,
// through SMTP when configured, else into the built-in outbox. Its unsubscribe and preferences links
// are test links: they show the pages but change nothing for the contact.
import type { Principal } from "@/lib/http/principal";
import { ApiProblem } from "@/lib/http/problems";
import { renderTemplateFor } from "@/lib/templates/render/render-template";
import { deliver, senderAddress } from "./deliver";
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

export async function sendTestEmail(auth: Principal, templateId: string, input: TestSendInput) {
  const who = input.contactID ? { contactID: input.contactID } : input.email ? { email: input.email } : undefined;
  const rendered = await renderTemplateFor(auth.brandId, templateId, who, { mode: "test" });
  const mail = {
    from: senderAddress(),
    to: recipients(input.to),
    subject: `[Test] ${input.subject ?? rendered.template.name}`,
    html: rendered.html,
    text: rendered.text,
  };
  const delivery = await deliver(mail);
  const stored = await storeTestEmail({
    ...mail,
    ...delivery,
    brandId: auth.brandId,
    userId: auth.kind === "session" ? (auth.userId ?? null) : null,
    templateId,
    templateName: rendered.template.name,
    contact: rendered.recipient ? { id: rendered.recipient.id, email: rendered.recipient.email ?? null } : null,
  });
  if (delivery.status === "failed") {
    throw new ApiProblem("mail-failed", `The mail server did not take the test email: ${delivery.error}`, { testEmailID: stored.id });
  }
  return { ...stored, warnings: rendered.warnings };
}
