// Campaign rows: read into the Campaign shape of campaign-data.ts, written from it, and shown as the
// published Campaign (campaignRecord). Every query names the brand.
import { db } from "@/lib/db";
import { jsonValue } from "@/lib/db/values";
import { ApiProblem } from "@/lib/http/problems";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AbTestData, AudienceData, BoosterData, Campaign, CampaignData, EmailContent, UtmData } from "./campaign-data";
import type { CampaignRecord, CampaignStatus } from "./schemas";

export type CampaignRow = Prisma.CampaignGetPayload<object>;

export const notFound = () => new ApiProblem("not-found", "No campaign with this id in your brand");

function json<T>(value: unknown, fallback: T): T {
  const parsed = jsonValue(value);
  return parsed === null || parsed === undefined ? fallback : (parsed as T);
}

export function fromRow(row: CampaignRow): Campaign {
  return {
    id: row.id,
    brandId: row.brandId,
    name: row.name,
    channel: row.channel as Campaign["channel"],
    type: row.type as Campaign["type"],
    status: row.status as CampaignStatus,
    statusReason: row.statusReason,
    language: row.language,
    audience: json<AudienceData>(row.audience, { includedSegmentIDs: [], excludedSegmentIDs: [] }),
    content: json<Campaign["content"]>(row.content, null),
    sending: {
      strategy: row.strategy as Campaign["sending"]["strategy"],
      scheduledAt: row.scheduledAt,
      optimizeFor: row.optimizeFor as Campaign["sending"]["optimizeFor"],
      isTZOptimizationEnabled: row.isTZOptimizationEnabled,
    },
    abTest: json<AbTestData | null>(row.abTest, null),
    booster: row.parentId
      ? {
          parentId: row.parentId,
          sendTo: row.boosterSendTo as BoosterData["sendTo"],
          delay:
            row.boosterDelayAmount !== null && row.boosterDelayUnit
              ? { amount: row.boosterDelayAmount, unit: row.boosterDelayUnit as "h" | "d" }
              : null,
        }
      : null,
    utm: json<Campaign["utm"]>(row.utm, null),
    winner:
      row.winnerPart && row.winnerSelectedAt
        ? { part: row.winnerPart as "a" | "b", selectedAt: row.winnerSelectedAt, manual: row.winnerManual ?? false }
        : null,
    runStep: row.runStep,
    nextRunAt: row.nextRunAt,
    runCursor: row.runCursor,
    queuedCount: row.queuedCount,
    skippedCount: row.skippedCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
  };
}

/** The columns of a campaign's data (what create writes and a PATCH rewrites). */
export function dataColumns(data: CampaignData) {
  return {
    name: data.name,
    nameLower: data.name.toLowerCase(),
    channel: data.channel,
    type: data.type,
    language: data.language,
    audience: data.audience as unknown as Prisma.InputJsonValue,
    content: (data.content ?? undefined) as Prisma.InputJsonValue | undefined,
    strategy: data.sending.strategy,
    scheduledAt: data.sending.scheduledAt,
    optimizeFor: data.sending.optimizeFor,
    isTZOptimizationEnabled: data.sending.isTZOptimizationEnabled,
    abTest: (data.abTest ?? undefined) as unknown as Prisma.InputJsonValue | undefined,
    parentId: data.booster?.parentId ?? null,
    boosterSendTo: data.booster?.sendTo ?? null,
    boosterDelayAmount: data.booster?.delay?.amount ?? null,
    boosterDelayUnit: data.booster?.delay?.unit ?? null,
    utm: (data.utm ?? undefined) as Prisma.InputJsonValue | undefined,
  };
}

export async function findCampaign(brandId: string, id: string): Promise<Campaign | null> {
  const row = await db.campaign.findFirst({ where: { id, brandId } });
  return row ? fromRow(row) : null;
}

export async function loadCampaign(brandId: string, id: string): Promise<Campaign> {
  const campaign = await findCampaign(brandId, id);
  if (!campaign) throw notFound();
  return campaign;
}

// ---- the published Campaign

function emailOut(email: EmailContent) {
  const out: Record<string, string> = {};
  if (email.templateID) {
    out.contentID = email.templateID;
    out.templateID = email.templateID;
  }
  for (const key of ["subject", "preheader", "senderName", "senderEmail", "replyToEmail"] as const) {
    const value = email[key];
    if (value !== undefined && value !== "") out[key] = value;
  }
  return out as CampaignRecord["content"] extends infer C ? (C extends { email: infer E } ? E : never) : never;
}

const iso = (date: Date) => date.toISOString();

/**
 * The published Campaign. Fields the document does not declare nullable are omitted when absent (an A/B
 * test's result before a winner, a campaign's startedAt before it starts), never sent as null.
 */
export function campaignRecord(campaign: Campaign, parentContent?: EmailContent | null): CampaignRecord {
  const record: CampaignRecord = {
    id: campaign.id,
    brandID: campaign.brandId,
    name: campaign.name,
    channel: campaign.channel,
    type: campaign.type,
    status: campaign.status,
    language: campaign.language,
    audience: {
      includedSegmentIDs: campaign.audience.includedSegmentIDs,
      excludedSegmentIDs: campaign.audience.excludedSegmentIDs,
      ...(campaign.audience.topicID ? { topicID: campaign.audience.topicID } : {}),
    },
    sendingSettings: { strategy: campaign.sending.strategy },
    createdAt: iso(campaign.createdAt),
    updatedAt: iso(campaign.updatedAt),
  };
  if (campaign.statusReason) record.statusReason = campaign.statusReason;
  if (campaign.sending.scheduledAt) record.sendingSettings.scheduledAt = iso(campaign.sending.scheduledAt);
  if (campaign.sending.optimizeFor) record.sendingSettings.optimizeFor = campaign.sending.optimizeFor;
  if (campaign.sending.strategy !== "personalized" && campaign.channel === "email")
    record.sendingSettings.isTZOptimizationEnabled = campaign.sending.isTZOptimizationEnabled;
  if (campaign.type !== "abTest" && campaign.channel === "email") {
    // A booster shows the parent's template it inherits, with its own fields over the parent's.
    const email = { ...(campaign.type === "booster" ? stripUnset(parentContent ?? {}) : {}), ...stripUnset(campaign.content?.email ?? {}) };
    record.content = { email: emailOut(email) };
  }
  if (campaign.abTest) {
    const { settings, variants } = campaign.abTest;
    record.abTest = {
      settings: {
        testSizePercent: settings.testSizePercent ?? 100,
        ...(settings.winningMetric ? { winningMetric: settings.winningMetric } : {}),
        ...(settings.decisionTime ? { decisionTime: settings.decisionTime } : {}),
      },
      variants: {
        a: { id: variants.a.id, content: { email: emailOut(variants.a.email) } },
        b: { id: variants.b.id, content: { email: emailOut(variants.b.email) } },
      },
    };
    if (campaign.winner)
      record.abTest.result = {
        winnerVariantID: variants[campaign.winner.part].id,
        selectedAt: iso(campaign.winner.selectedAt),
        isManuallySelected: campaign.winner.manual,
      };
  }
  if (campaign.booster)
    record.boosterSettings = {
      campaignID: campaign.booster.parentId,
      sendTo: campaign.booster.sendTo,
      ...(campaign.booster.delay ? { delay: campaign.booster.delay } : {}),
    };
  if (campaign.startedAt) record.startedAt = iso(campaign.startedAt);
  if (campaign.endedAt) record.endedAt = iso(campaign.endedAt);
  return record;
}

function stripUnset(email: EmailContent): EmailContent {
  return Object.fromEntries(Object.entries(email).filter(([, v]) => v !== undefined && v !== "")) as EmailContent;
}

/** The email a booster sends: its parent's, with the booster's own fields over it. */
export function boosterEmail(parent: Campaign | null, booster: Campaign): EmailContent {
  return { ...stripUnset(parent?.content?.email ?? {}), ...stripUnset(booster.content?.email ?? {}) };
}

/** The UTM tags as stored, per variant for an A/B test. */
export function utmOf(campaign: Campaign, part?: "a" | "b"): UtmData {
  const utm = campaign.utm as Record<string, unknown> | null;
  if (!utm) return {};
  return (part ? (utm[part] ?? {}) : utm) as UtmData;
}
