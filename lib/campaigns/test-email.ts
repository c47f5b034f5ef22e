// POST /api/campaigns/{id}/test-email: the campaign's saved email (each variant of an A/B test) to 1-5
// addresses, with its subject, preheader and sender, through the delivery pipeline's test sends (the same
// render and transport as the campaign: SMTP, or the outbox without one; test links, nothing tracked).
// 409 when the email cannot go as it stands: no template, no subject or sender, an unverified sender.
import { sendMessagesNow } from "@/lib/delivery";
import type { Principal } from "@/lib/http/principal";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { brandSendingProfile } from "./brand-profile";
import { boosterEmail, findCampaign, loadCampaign } from "./campaign-store";
import { emailsOf } from "./create-campaign";
import { isVerifiedSender } from "./senders";

export const TEST_SOURCE_KIND = "campaign-test";

export async function sendCampaignTestEmail(auth: Principal, id: string, recipients: string[]): Promise<void> {
  const campaign = await loadCampaign(auth.brandId, id);
  if (campaign.channel !== "email") throw new ApiProblem("unsupported-campaign-type", "Test emails are for email campaigns only");
  const emails =
    campaign.type === "booster"
      ? [{ path: "/content/email", email: boosterEmail(await findCampaign(auth.brandId, campaign.booster!.parentId), campaign) }]
      : emailsOf(campaign);
  const profile = await brandSendingProfile(auth.brandId);
  const to = [...new Map(recipients.map((r) => [r.trim().toLowerCase(), r.trim()])).values()];
  for (const [i, { email }] of emails.entries()) {
    if (!email.templateID) throw new ApiProblem("conflict", "The campaign has no template to send yet");
    if (!email.senderEmail) throw new ApiProblem("conflict", "The campaign has no sender address yet");
    if (!(await isVerifiedSender(auth.brandId, email.senderEmail)))
      throw new ApiProblem("conflict", `${email.senderEmail} is not a verified sender of the brand: verify it under Settings → Sending`);
    const label = emails.length > 1 ? ` (variant ${i === 0 ? "A" : "B"})` : "";
    try {
      const sent = await sendMessagesNow(auth.brandId, {
        source: { kind: TEST_SOURCE_KIND, id: newId() },
        content: {
          templateId: email.templateID,
          subject: `[Test] ${email.subject || campaign.name}${label}`.slice(0, 250),
          ...(email.preheader ? { preheader: email.preheader } : {}),
          senderName: email.senderName || profile.name,
          senderEmail: email.senderEmail,
          ...(email.replyToEmail ? { replyToEmail: email.replyToEmail } : {}),
        },
        recipients: to.map((address) => ({ email: address })),
      });
      const failed = sent.messages.find((m) => m.status === "failed");
      if (failed) throw new ApiProblem("mail-failed", `The mail server did not take the test email: ${failed.error ?? "no answer"}`);
    } catch (error) {
      if (error instanceof ApiProblem && error.code === "not-found")
        throw new ApiProblem("conflict", "The campaign's template was deleted");
      throw error;
    }
  }
}
