// POST /api/campaigns/{id}/test-email: the campaign's saved email (each variant of an A/B test) to 1-5
// addresses, with its subject, preheader and sender, through the one test send of lib/test-emails (its
// rules: verified sender, no suppressed address, the brand's hourly budget of test emails, "[Test] " once).
// 409 when the email cannot go as it stands: no template, no sender address.
import type { Principal } from "@/lib/http/principal";
import { ApiProblem } from "@/lib/http/problems";
import { sendTestEmails, type TestEmailSpec } from "@/lib/test-emails/send-test-email";
import { brandSendingProfile } from "./brand-profile";
import { boosterEmail, findCampaign, loadCampaign } from "./campaign-store";
import { emailsOf } from "./create-campaign";

export const TEST_SOURCE_KIND = "campaign-test";

export async function sendCampaignTestEmail(auth: Principal, id: string, recipients: string[]): Promise<void> {
  const campaign = await loadCampaign(auth.brandId, id);
  if (campaign.channel !== "email") throw new ApiProblem("unsupported-campaign-type", "Test emails are for email campaigns only");
  const emails =
    campaign.type === "booster"
      ? [{ path: "/content/email", email: boosterEmail(await findCampaign(auth.brandId, campaign.booster!.parentId), campaign) }]
      : emailsOf(campaign);
  const profile = await brandSendingProfile(auth.brandId);
  const specs: TestEmailSpec[] = emails.map(({ email }, i) => {
    if (!email.templateID) throw new ApiProblem("conflict", "The campaign has no template to send yet");
    if (!email.senderEmail) throw new ApiProblem("conflict", "The campaign has no sender address yet");
    const label = emails.length > 1 ? ` (variant ${i === 0 ? "A" : "B"})` : "";
    return {
      templateId: email.templateID,
      subject: `${email.subject || campaign.name}${label}`,
      preheader: email.preheader || undefined,
      senderName: email.senderName || profile.name,
      senderEmail: email.senderEmail,
      replyToEmail: email.replyToEmail || undefined,
    };
  });
  try {
    await sendTestEmails(auth, { to: recipients, emails: specs, sourceKind: TEST_SOURCE_KIND });
  } catch (error) {
    if (error instanceof ApiProblem && error.code === "not-found") throw new ApiProblem("conflict", "The campaign's template was deleted");
    throw error;
  }
}
