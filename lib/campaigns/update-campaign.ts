// PATCH /api/campaigns/{id} (drafts only) and the Inkwell extra PUT /api/campaigns/{id}/template: the
// draft as the request would leave it is checked with every rule a new campaign meets, then written in
// one conditional update (still a draft), so a PATCH racing a send cannot change what is being sent.
import { ApiProblem } from "@/lib/http/problems";
import type { Campaign, CampaignData, EmailContent } from "./campaign-data";
import { campaignRecord, dataColumns, findCampaign, loadCampaign } from "./campaign-store";
import { brandSendingProfile } from "./brand-profile";
import { normalizeSending, referenceIssues, resolveSenders, ruleContext, validationProblem } from "./create-campaign";
import { boosterDelayIssues, campaignIssues, issue } from "./rules";
import type { z } from "zod";
import type { CampaignRecord, ChangeTemplateRequest, UpdateCampaignRequest } from "./schemas";
import { assertAllowed, transition } from "./status-machine";

function mergeEmail(current: EmailContent | undefined, patch: Partial<EmailContent> | undefined): EmailContent | undefined {
  if (!patch) return current;
  const next: EmailContent = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch) as [keyof EmailContent, string | undefined][]) {
    if (value === undefined) continue;
    if (key === "replyToEmail" && value === "") delete next.replyToEmail;
    else next[key] = value;
  }
  return next;
}

function patched(campaign: Campaign, patch: UpdateCampaignRequest): CampaignData {
  const data: CampaignData = structuredClone({
    name: campaign.name,
    channel: campaign.channel,
    type: campaign.type,
    language: campaign.language,
    audience: campaign.audience,
    content: campaign.content,
    sending: campaign.sending,
    abTest: campaign.abTest,
    booster: campaign.booster,
    utm: campaign.utm,
  });
  if (patch.name !== undefined) data.name = patch.name;
  if (patch.language !== undefined) data.language = patch.language;
  if (patch.audience !== undefined)
    data.audience = {
      includedSegmentIDs: [...new Set(patch.audience.includedSegmentIDs ?? [])],
      excludedSegmentIDs: [...new Set(patch.audience.excludedSegmentIDs ?? [])],
      // Omitted keeps the campaign's topic; null removes it.
      ...(patch.audience.topicID === undefined
        ? data.audience.topicID
          ? { topicID: data.audience.topicID }
          : {}
        : patch.audience.topicID
          ? { topicID: patch.audience.topicID }
          : {}),
    };
  if (patch.content?.email) data.content = { ...(data.content ?? {}), email: mergeEmail(data.content?.email, patch.content.email) };
  if (patch.content?.sms) data.content = { ...(data.content ?? {}), sms: { ...(data.content?.sms ?? {}), ...patch.content.sms } };
  if (patch.sendingSettings)
    data.sending = {
      strategy: patch.sendingSettings.strategy,
      scheduledAt: patch.sendingSettings.scheduledAt ? new Date(patch.sendingSettings.scheduledAt) : null,
      optimizeFor: patch.sendingSettings.optimizeFor ?? null,
      isTZOptimizationEnabled: patch.sendingSettings.isTZOptimizationEnabled ?? false,
    };
  if (patch.abTest && data.abTest) {
    if (patch.abTest.settings) data.abTest.settings = { ...patch.abTest.settings };
    for (const part of ["a", "b"] as const) {
      const email = patch.abTest.variants?.[part]?.content?.email;
      if (email) data.abTest.variants[part].email = mergeEmail(data.abTest.variants[part].email, email)!;
    }
  }
  if (patch.boosterSettings && data.booster) {
    if (patch.boosterSettings.sendTo) data.booster.sendTo = patch.boosterSettings.sendTo;
    if (patch.boosterSettings.delay) data.booster.delay = patch.boosterSettings.delay;
  }
  return data;
}

/** Fields a PATCH names that this campaign's type does not have. */
function typeIssues(campaign: Campaign, patch: UpdateCampaignRequest) {
  const out = [];
  if (patch.abTest && campaign.type !== "abTest") out.push(issue(["abTest"], "not_allowed", "is only for A/B test campaigns"));
  if (patch.boosterSettings && campaign.type !== "booster")
    out.push(issue(["boosterSettings"], "not_allowed", "is only for booster campaigns"));
  if (patch.content && campaign.type === "abTest")
    out.push(issue(["content"], "not_allowed", "must be omitted for A/B tests: change abTest.variants instead"));
  if (patch.audience && campaign.type === "booster")
    out.push(issue(["audience"], "not_allowed", "cannot be set: a booster goes to its parent's recipients"));
  if (patch.boosterSettings?.delay && campaign.booster?.delay === null)
    out.push(
      issue(["boosterSettings", "delay"], "not_allowed", "is only for the booster of a draft parent: change sendingSettings instead"),
    );
  if (patch.boosterSettings?.delay)
    out.push(...boosterDelayIssues(patch.boosterSettings.delay, campaign.channel, ["boosterSettings", "delay"]));
  return out;
}

async function writeDraft(campaign: Campaign, data: CampaignData): Promise<CampaignRecord> {
  await transition(campaign.brandId, campaign.id, "update", dataColumns(data));
  const updated = await loadCampaign(campaign.brandId, campaign.id);
  const parent = updated.booster ? await findCampaign(campaign.brandId, updated.booster.parentId) : null;
  return campaignRecord(updated, parent?.content?.email ?? null);
}

export async function updateCampaign(brandId: string, id: string, patch: UpdateCampaignRequest): Promise<CampaignRecord> {
  const campaign = await loadCampaign(brandId, id);
  assertAllowed("update", campaign.status);
  const data = patched(campaign, patch);
  const profile = await brandSendingProfile(brandId);
  const errors = [
    ...typeIssues(campaign, patch),
    ...campaignIssues(data, { ...ruleContext(profile), checkTimes: patch.sendingSettings !== undefined }),
  ];
  if (data.booster && patch.sendingSettings) {
    const parent = await findCampaign(brandId, data.booster.parentId);
    if (parent?.status === "draft")
      errors.push(
        issue(["sendingSettings"], "not_allowed", "is set by the parent's send for a draft parent: change boosterSettings.delay"),
      );
  }
  errors.push(...(await referenceIssues(brandId, data)));
  if (errors.length > 0) throw validationProblem(errors);
  await resolveSenders(brandId, data, { inherits: data.type === "booster" });
  normalizeSending(data, profile);
  return writeDraft(campaign, data);
}

/** Inkwell extra: a draft's template (a variant's, for an A/B test) changes; the published PATCH cannot. */
export async function changeTemplate(brandId: string, id: string, body: z.infer<typeof ChangeTemplateRequest>): Promise<CampaignRecord> {
  const campaign = await loadCampaign(brandId, id);
  assertAllowed("changeTemplate", campaign.status);
  const data = patched(campaign, {});
  if (campaign.type === "abTest") {
    if (!body.variant || !data.abTest) throw validationProblem([issue(["variant"], "required", "is required for an A/B test (a or b)")]);
    data.abTest.variants[body.variant].email.templateID = body.templateID;
  } else {
    if (body.variant) throw validationProblem([issue(["variant"], "not_allowed", "is only for A/B tests")]);
    data.content = { ...(data.content ?? {}), email: { ...(data.content?.email ?? {}), templateID: body.templateID } };
  }
  const errors = await referenceIssues(brandId, data);
  if (errors.length > 0)
    throw new ApiProblem("validation-failed", "The template does not exist", {
      errors: [{ ...errors[0], field: "templateID", pointer: "/templateID" }],
    });
  return writeDraft(campaign, data);
}
