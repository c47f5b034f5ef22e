// Turning a draft into an A/B test of its subject line and back. The published API keeps a campaign's type
// for life (PATCH takes no `type`), so the composer creates the draft again as the other type, through the
// same POST the composer creates drafts with, carrying everything the marketer set (name, language,
// audience, schedule, design, sender, UTM tags they changed), and then deletes the first draft.
import { z } from "zod";
import type { CreateCampaignRequest, UTMUpdate, UtmTags } from "@/lib/campaigns/schemas";
import { apiFetch } from "@/lib/client/api-fetch";
import { createCampaign, deleteCampaign, type Campaign } from "../campaigns-client";
import { emailOf, type CampaignEmail } from "./campaign-email";

export type AbSettings = {
  testSizePercent: number;
  winningMetric: "openRate" | "clickRate";
  decisionTime: { amount: number; unit: "h" | "d" };
};
export type SubjectLines = { subject: string; preheader: string };
export type UtmAnswer = { tags?: UtmTags; variants?: { a: { id: string; tags: UtmTags }; b: { id: string; tags: UtmTags } } };

const utmAt = (id: string) => `/api/campaigns/${encodeURIComponent(id)}/utm`;
export const getUtm = (id: string) => apiFetch<UtmAnswer>(utmAt(id));
export const putUtm = (id: string, body: z.input<typeof UTMUpdate>) => apiFetch<UtmAnswer>(utmAt(id), { method: "PUT", body });

/** The settings as the API takes them: a test of everyone (100 %) has no winner, so no metric and no time. */
export const abSettingsBody = (s: AbSettings) =>
  s.testSizePercent >= 100
    ? { testSizePercent: 100 }
    : { testSizePercent: s.testSizePercent, winningMetric: s.winningMetric, decisionTime: s.decisionTime };

const isEmail = (value: string | undefined) => !!value && z.email().safeParse(value).success;

/** The email fields a new draft is created with; a sender the form would refuse (the brand's default) is left to default again. */
function emailBody(email: CampaignEmail | undefined, lines: SubjectLines) {
  return {
    templateID: email?.templateID ?? "",
    subject: lines.subject,
    ...(lines.preheader ? { preheader: lines.preheader } : {}),
    ...(email?.senderName ? { senderName: email.senderName } : {}),
    ...(isEmail(email?.senderEmail) ? { senderEmail: email!.senderEmail } : {}),
    ...(isEmail(email?.replyToEmail) ? { replyToEmail: email!.replyToEmail } : {}),
  };
}

function common(campaign: Campaign) {
  const s = campaign.sendingSettings;
  return {
    channel: "email" as const,
    name: campaign.name,
    language: campaign.language as CreateCampaignRequest["language"],
    audience: campaign.audience,
    sendingSettings: {
      strategy: s.strategy,
      ...(s.scheduledAt ? { scheduledAt: s.scheduledAt } : {}),
      ...(s.optimizeFor ? { optimizeFor: s.optimizeFor } : {}),
      ...(s.isTZOptimizationEnabled !== undefined ? { isTZOptimizationEnabled: s.isTZOptimizationEnabled } : {}),
    },
  };
}

/** Only the tags the marketer changed from the defaults (source inkwell, medium email, the campaign's name). */
function changedTags(campaign: Campaign, tags: UtmTags | undefined) {
  if (!tags) return {};
  return {
    ...(tags.source !== "inkwell" ? { source: tags.source } : {}),
    ...(tags.medium !== "email" ? { medium: tags.medium } : {}),
    ...(tags.campaign !== campaign.name ? { campaign: tags.campaign } : {}),
  };
}

/** A regular draft as an A/B test: variant A its subject, variant B the new one, the same design and sender. */
export async function toAbTest(campaign: Campaign, a: SubjectLines, b: SubjectLines, settings: AbSettings): Promise<Campaign> {
  const email = emailOf(campaign);
  const utm = await getUtm(campaign.id);
  const created = await createCampaign({
    ...common(campaign),
    type: "abTest",
    abTest: {
      settings: abSettingsBody(settings),
      variants: { a: { content: { email: emailBody(email, a) } }, b: { content: { email: emailBody(email, b) } } },
    },
  });
  const tags = changedTags(campaign, utm.tags);
  if (Object.keys(tags).length) await putUtm(created.id, { variants: { a: tags, b: tags } });
  await deleteCampaign(campaign.id);
  return created;
}

/** An A/B test as a regular draft again, with variant A's subject. */
export async function toRegular(campaign: Campaign, a: SubjectLines): Promise<Campaign> {
  const utm = await getUtm(campaign.id);
  const created = await createCampaign({ ...common(campaign), type: "regular", content: { email: emailBody(emailOf(campaign), a) } });
  const tags = changedTags(campaign, utm.variants?.a.tags);
  if (Object.keys(tags).length) await putUtm(created.id, { tags });
  await deleteCampaign(campaign.id);
  return created;
}
