// POST /api/campaigns: a new draft as the published document describes it. Shape errors are the route's
// (zod); then the channel (422 for sms and push), the rules that join fields (400, all at once), what the
// campaign names (templates, segments, a booster's parent: 400 / 404 / 409), and its sender (422).
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import type { FieldError } from "@/lib/http/problems";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import type { CampaignData, EmailContent } from "./campaign-data";
import { campaignRecord, dataColumns, findCampaign, fromRow, notFound } from "./campaign-store";
import { brandSendingProfile, type BrandSendingProfile } from "./brand-profile";
import { campaignIssues, issue } from "./rules";
import type { CampaignRecord, CreateCampaignRequest } from "./schemas";
import { defaultSender, isVerifiedSender, noVerifiedSender, unverifiedSender } from "./senders";
import { startOfDay } from "./time-zones";

export function validationProblem(errors: FieldError[]): ApiProblem {
  return new ApiProblem("validation-failed", `${errors.length} field${errors.length === 1 ? " is" : "s are"} invalid`, { errors });
}

export function unsupportedChannel(channel: string): ApiProblem {
  return new ApiProblem("unsupported-channel", `Inkwell does not send ${channel} campaigns yet: only email campaigns are supported`, {
    errors: [{ field: "channel", pointer: "/channel", code: "unsupported", message: `${channel} is not supported; use email` }],
  });
}

const unique = (ids: string[] | undefined) => [...new Set(ids ?? [])];

function compact<T extends object>(value: T | undefined): T | undefined {
  if (!value) return undefined;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function dataFromCreate(input: CreateCampaignRequest): CampaignData {
  const s = input.sendingSettings;
  return {
    name: input.name ?? "",
    channel: input.channel,
    type: input.type,
    language: input.language ?? "en_US",
    audience: {
      includedSegmentIDs: unique(input.audience?.includedSegmentIDs),
      excludedSegmentIDs: unique(input.audience?.excludedSegmentIDs),
      ...(input.audience?.topicID ? { topicID: input.audience.topicID } : {}),
    },
    content: input.content ? (compact({ email: compact(input.content.email), sms: compact(input.content.sms) }) ?? null) : null,
    sending: {
      strategy: s?.strategy ?? "immediate",
      scheduledAt: s?.scheduledAt ? new Date(s.scheduledAt) : null,
      optimizeFor: s?.optimizeFor ?? null,
      isTZOptimizationEnabled: s?.isTZOptimizationEnabled ?? false,
    },
    abTest: input.abTest
      ? {
          settings: compact(input.abTest.settings) ?? {},
          variants: {
            a: { id: newId(), email: compact(input.abTest.variants.a.content.email) ?? {} },
            b: { id: newId(), email: compact(input.abTest.variants.b.content.email) ?? {} },
          },
        }
      : null,
    booster: input.boosterSettings
      ? { parentId: input.boosterSettings.campaignID, sendTo: input.boosterSettings.sendTo, delay: input.boosterSettings.delay ?? null }
      : null,
    utm: null,
  };
}

/** The email contents of a campaign with the request path each came from. */
export function emailsOf(data: CampaignData): { path: string; email: EmailContent }[] {
  const out: { path: string; email: EmailContent }[] = [];
  if (data.content?.email) out.push({ path: "/content/email", email: data.content.email });
  if (data.abTest)
    for (const part of ["a", "b"] as const)
      out.push({ path: `/abTest/variants/${part}/content/email`, email: data.abTest.variants[part].email });
  return out;
}

/** Templates and segments the campaign names that the brand does not have. */
export async function referenceIssues(brandId: string, data: CampaignData): Promise<FieldError[]> {
  const out: FieldError[] = [];
  const emails = emailsOf(data).filter((e) => e.email.templateID);
  const templateIds = [...new Set(emails.map((e) => e.email.templateID!))];
  const segmentIds = [...new Set([...data.audience.includedSegmentIDs, ...data.audience.excludedSegmentIDs])];
  const topicId = data.audience.topicID;
  const [templates, segments, topics] = await Promise.all([
    templateIds.length ? db.emailTemplate.findMany({ where: { brandId, id: { in: templateIds } }, select: { id: true } }) : [],
    segmentIds.length ? db.segment.findMany({ where: { brandId, id: { in: segmentIds } }, select: { id: true } }) : [],
    topicId ? db.subscriptionTopic.count({ where: { brandId, id: topicId } }) : 1,
  ]);
  if (topics === 0) out.push(issue(["audience", "topicID"], "not_found", `no subscription topic ${topicId} in this brand`));
  const haveTemplates = new Set(templates.map((t) => t.id));
  const haveSegments = new Set(segments.map((s) => s.id));
  for (const { path, email } of emails)
    if (!haveTemplates.has(email.templateID!))
      out.push(issue([...path.slice(1).split("/"), "templateID"], "not_found", `no email template ${email.templateID} in this brand`));
  for (const key of ["includedSegmentIDs", "excludedSegmentIDs"] as const)
    data.audience[key].forEach((id, i) => {
      if (!haveSegments.has(id)) out.push(issue(["audience", key, i], "not_found", `no segment ${id} in this brand`));
    });
  return out;
}

/**
 * Fills in and checks the senders: a named senderEmail or replyToEmail must be a verified sender of the
 * brand (422); an omitted senderEmail becomes the brand's sender (none: 422). `inherits`: a booster's
 * email without a sender takes its parent's.
 */
export async function resolveSenders(brandId: string, data: CampaignData, options: { inherits?: boolean } = {}): Promise<void> {
  let fallback: string | null | undefined;
  for (const { path, email } of emailsOf(data)) {
    if (email.senderEmail) {
      if (!(await isVerifiedSender(brandId, email.senderEmail))) throw unverifiedSender(email.senderEmail, `${path}/senderEmail`);
    } else if (!options.inherits) {
      fallback ??= await defaultSender(brandId);
      if (!fallback) throw noVerifiedSender();
      email.senderEmail = fallback;
    }
    if (email.replyToEmail && !(await isVerifiedSender(brandId, email.replyToEmail)))
      throw unverifiedSender(email.replyToEmail, `${path}/replyToEmail`);
  }
}

export function ruleContext(profile: BrandSendingProfile, now = new Date()) {
  return { now, startOfToday: startOfDay(now, profile.timeZone) };
}

/** A personalized send starts at brand-local midnight of its day (published). */
export function normalizeSending(data: CampaignData, profile: BrandSendingProfile): void {
  if (data.sending.strategy === "personalized" && data.sending.scheduledAt)
    data.sending.scheduledAt = startOfDay(data.sending.scheduledAt, profile.timeZone);
}

export async function createCampaign(brandId: string, input: CreateCampaignRequest): Promise<CampaignRecord> {
  if (input.channel !== "email") throw unsupportedChannel(input.channel);
  const data = dataFromCreate(input);
  const profile = await brandSendingProfile(brandId);
  const errors = campaignIssues(data, ruleContext(profile));

  // A booster: its parent decides what the booster may say about time.
  let parentEmail: EmailContent | null = null;
  if (data.booster) {
    const parent = await findCampaign(brandId, data.booster.parentId);
    if (!parent) throw new ApiProblem("not-found", `No campaign ${data.booster.parentId} in this brand to boost`);
    if (parent.type !== "regular" || parent.channel !== "email")
      errors.push(issue(["boosterSettings", "campaignID"], "invalid_parent", "must be a regular email campaign"));
    else if (parent.status === "draft") {
      if (!data.booster.delay) errors.push(issue(["boosterSettings", "delay"], "required", "is required when the parent is a draft"));
      if (input.sendingSettings)
        errors.push(
          issue(["sendingSettings"], "not_allowed", "is set by the parent's send for a draft parent: give boosterSettings.delay"),
        );
    } else if (parent.status === "sent") {
      if (data.booster.delay)
        errors.push(
          issue(["boosterSettings", "delay"], "not_allowed", "is only for a draft parent: give sendingSettings.scheduledAt for a sent one"),
        );
    } else {
      throw new ApiProblem(
        "conflict",
        `The parent campaign is ${parent.status}: a booster can be added to a draft or a sent campaign only`,
      );
    }
    if (errors.length === 0 && (await db.campaign.count({ where: { brandId, parentId: parent.id } })) > 0)
      throw new ApiProblem("conflict", "This campaign already has a booster: delete it first to replace it");
    if (!data.name) data.name = `${parent.name} (booster)`;
    parentEmail = parent.content?.email ?? null;
  }

  errors.push(...(await referenceIssues(brandId, data)));
  if (errors.length > 0) throw validationProblem(errors);
  await resolveSenders(brandId, data, { inherits: data.type === "booster" });
  normalizeSending(data, profile);

  const now = new Date();
  try {
    const row = await db.campaign.create({
      data: { id: newId(now), brandId, status: "draft", ...dataColumns(data), createdAt: now, updatedAt: now },
    });
    return campaignRecord(fromRow(row), parentEmail);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiProblem("conflict", "This campaign already has a booster: delete it first to replace it");
    throw error;
  }
}

export { notFound };
