// POST /api/campaigns/{id}/test-email: the campaign's saved email (each variant of an A/B test) to 1-5
// addresses, with its subject and sender, through the test-send path (SMTP, or the outbox without one).
// 409 when the email cannot go as it stands (no template, no subject, an unverified sender).
import type { Principal } from "@/lib/http/principal";
import { ApiProblem } from "@/lib/http/problems";
import { sendTestEmail } from "@/lib/test-emails/send-test-email";
import { findCampaign, loadCampaign, boosterEmail } from "./campaign-store";
import { emailsOf } from "./create-campaign";
import { isVerifiedSender } from "./senders";

export async function sendCampaignTestEmail(auth: Principal, id: string, recipients: string[]): Promise<void> {
  const campaign = await loadCampaign(auth.brandId, id);
  if (campaign.channel !== "email") throw new ApiProblem("unsupported-campaign-type", "Test emails are for email campaigns only");
  const emails =
    campaign.type === "booster"
      ? [{ path: "/content/email", email: boosterEmail(await findCampaign(auth.brandId, campaign.booster!.parentId), campaign) }]
      : emailsOf(campaign);
  const variants = emails.length > 1;
  for (const [i, { email }] of emails.entries()) {
    if (!email.templateID) throw new ApiProblem("conflict", "The campaign has no template to send yet");
    if (email.senderEmail && !(await isVerifiedSender(auth.brandId, email.senderEmail)))
      throw new ApiProblem("conflict", `${email.senderEmail} is not a verified sender of the brand: verify it under Settings → Sending`);
    const label = variants ? ` (variant ${i === 0 ? "A" : "B"})` : "";
    try {
      await sendTestEmail(auth, email.templateID, { to: recipients, subject: `${email.subject || campaign.name}${label}`.slice(0, 200) });
    } catch (error) {
      if (error instanceof ApiProblem && error.code === "not-found")
        throw new ApiProblem("conflict", "The campaign's template was deleted");
      throw error;
    }
  }
}
