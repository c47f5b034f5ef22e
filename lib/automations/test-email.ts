// POST /api/automations/{id}/blocks/{blockID}/test-email: an email block's saved content to 1-5
// addresses, through the one test send of lib/test-emails (rendered with sample data, its rules: a verified
// sender, no suppressed address (409 naming it, as published), the brand's hourly budget of test emails,
// "[Test] " once), from the block's sender (its name, and its address when it names one, else the deployment's).
import { db } from "@/lib/db";
import type { Principal } from "@/lib/http/principal";
import { ApiProblem } from "@/lib/http/problems";
import { sendTestEmails } from "@/lib/test-emails/send-test-email";
import { getAutomation } from "./store";
import { flatten, isMessageBlock } from "./tree";

export async function sendBlockTestEmail(auth: Principal, automationId: string, blockId: string, recipients: string[]): Promise<void> {
  const automation = await getAutomation(auth.brandId, automationId);
  const block = flatten(automation.blocks).find((b) => b.id === blockId);
  if (!block) throw new ApiProblem("not-found", "No block with this id in the automation");
  if (!isMessageBlock(block) || block.type !== "action" || block.action.type !== "sendEmail") {
    throw new ApiProblem("not-testable", `Block ${blockId} sends no email: test emails are for sendEmail blocks`);
  }
  const email = block.action.sendEmail;
  const content = await db.emailTemplate.findFirst({ where: { id: email.contentId, brandId: auth.brandId }, select: { id: true } });
  if (!content) throw new ApiProblem("not-testable", `Block ${blockId} has no saved content: its email template was deleted`);
  await sendTestEmails(auth, {
    to: recipients,
    emails: [
      { templateId: email.contentId, subject: email.subject || undefined, senderName: email.senderName, senderEmail: email.senderEmail },
    ],
  });
}
