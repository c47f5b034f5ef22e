// POST /api/automations/{id}/blocks/{blockID}/test-email: an email block's saved content to 1-5
// addresses, through the test send (rendered with sample data, subject prefixed with [Test]), from the block's
// sender (its name, and its address when it names one, else the deployment's). As published, 409 when a
// recipient is on the brand's suppression list (a test must not reach an address that asked for no more mail,
// or bounced), and when the block's sender address is not verified (as enable answers).
import type { Principal } from "@/lib/http/principal";
import { ApiProblem } from "@/lib/http/problems";
import { db } from "@/lib/db";
import { sqlReader } from "@/lib/db/sql";
import { addressHash, suppressionsOf } from "@/lib/delivery/eligibility";
import { senderVerdict } from "@/lib/delivery/senders/verified-sender";
import { sendTestEmail } from "@/lib/test-emails/send-test-email";
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
  const suppressed = await suppressionsOf(sqlReader(), auth.brandId, recipients);
  const refused = recipients.filter((r) => suppressed.has(addressHash(r)));
  if (refused.length > 0) {
    throw new ApiProblem(
      "conflict",
      `${refused.join(", ")} ${refused.length === 1 ? "is" : "are"} on the brand's suppression list (${[...new Set(refused.map((r) => suppressed.get(addressHash(r))))].join(", ")}): test emails go only to addresses that may be sent mail`,
    );
  }
  // From the block's sender, as the workflow will send it; an unverified address cannot send (409, as enable says).
  if (email.senderEmail && !(await senderVerdict(auth.brandId, email.senderEmail)).verified) {
    throw new ApiProblem(
      "conflict",
      `${email.senderEmail} is not a verified sender of the brand: verify it under Settings → Sending, or leave the sender address empty`,
    );
  }
  await sendTestEmail(
    auth,
    email.contentId,
    { to: recipients, subject: email.subject },
    { name: email.senderName, address: email.senderEmail },
  );
}
