// Everything campaigns ask of the delivery pipeline (docs/delivery.md, "The interface"), in one place:
// a campaign is the source {kind: "campaign", id}; its A/B variants ("a", "b") and the winner's send to
// the rest ("rest") are parts. Campaigns never talk SMTP; the pipeline never knows what a campaign is.
//
// Two reads go to the pipeline's tables directly because its interface has no call for them yet
// (docs/campaigns.md, "What the pipeline's interface lacks"): the counters per part and day in one query
// (counterRows), and the messages of a campaign filtered by outcome (campaignMessages).
import { db } from "@/lib/db";
import { sqlReader } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  cancelSource,
  enqueueMessages,
  linkClicks,
  pauseSource,
  recipientsWithout as pipelineRecipientsWithout,
  resumeSource,
  sourceState,
  sourceStats,
} from "@/lib/delivery";
import type { EmailContent } from "./campaign-data";
import type { UtmTags } from "./schemas";

export const SOURCE_KIND = "campaign";
export const source = (campaignId: string) => ({ kind: SOURCE_KIND, id: campaignId });

export type OutgoingEmail = EmailContent & { templateID: string; subject: string; senderEmail: string; senderName: string; utm: UtmTags };
export type EnqueueOutcome = { queued: number; skipped: number; duplicates: number; reasons: Record<string, number> };

/** Messages for `contactIds` (each at most once per campaign, whatever the part), not before `sendAt`. */
export async function enqueueCampaignMessages(
  brandId: string,
  campaignId: string,
  part: string,
  email: OutgoingEmail,
  contactIds: string[],
  sendAt: Date | undefined,
): Promise<EnqueueOutcome> {
  const result = await enqueueMessages(brandId, {
    source: source(campaignId),
    part,
    content: {
      templateId: email.templateID,
      subject: email.subject,
      ...(email.preheader ? { preheader: email.preheader } : {}),
      senderName: email.senderName,
      senderEmail: email.senderEmail,
      ...(email.replyToEmail ? { replyToEmail: email.replyToEmail } : {}),
      utm: email.utm,
    },
    recipients: contactIds.map((contactId) => ({ contactId })),
    options: { category: "marketing", ...(sendAt ? { sendAt } : {}) },
  });
  return { queued: result.queued, skipped: result.skipped, duplicates: result.duplicates, reasons: result.reasons };
}

/** Messages of the campaign the pipeline has not finished with (queued, sending, paused): its pending counter. */
export async function pendingCampaignMessages(brandId: string, campaignId: string): Promise<number> {
  return (await sourceStats(brandId, source(campaignId))).pending;
}

/** Why the pipeline holds the campaign's messages (its bounce or complaint rate), or null. */
export async function pipelinePause(brandId: string, campaignId: string): Promise<string | null> {
  const state = await sourceState(brandId, source(campaignId));
  return state.status === "paused" ? (state.reason ?? "Paused by the delivery pipeline") : null;
}

/** The reason campaigns give the pipeline when a person pauses one (pauseCampaign): not the pipeline's own pause. */
export const HAND_PAUSE_REASON = "Paused by hand";

/**
 * Started campaigns whose messages the pipeline paused (bounce or complaint rate), with its reason: read from
 * the pipeline's source states (DeliverySource, one row per source that was ever paused, resumed or canceled),
 * because its interface has no call listing paused sources yet.
 */
export async function campaignsPausedByPipeline(): Promise<{ id: string; brandId: string; reason: string }[]> {
  const rows = await sqlReader().all<{ id: string; brandId: string; reason: string | null }>(
    `SELECT s."id", s."brandId", s."reason" FROM "DeliverySource" s
     JOIN "Campaign" c ON c."id" = s."id" AND c."brandId" = s."brandId"
     WHERE s."kind" = ? AND s."status" = 'paused' AND c."status" = 'started' AND (s."reason" IS NULL OR s."reason" <> ?)`,
    [SOURCE_KIND, HAND_PAUSE_REASON],
  );
  return rows.map((r) => ({ id: r.id, brandId: r.brandId, reason: r.reason ?? "Paused by the delivery pipeline" }));
}

/** Human open and click rates of one part (of the messages delivered), for the A/B decision. */
export async function partRates(brandId: string, campaignId: string, part: string): Promise<{ sent: number; open: number; click: number }> {
  const stats = await sourceStats(brandId, source(campaignId), { part });
  const delivered = Math.max(0, stats.sent - stats.bounced);
  return { sent: stats.sent, open: delivered ? stats.opened / delivered : 0, click: delivered ? stats.clicked / delivered : 0 };
}

/**
 * The contacts the campaign was sent to without a human open (or click), in message order, a page at a
 * time; `afterId` (a message id) resumes a walk that stopped.
 */
export async function* recipientsWithout(
  brandId: string,
  campaignId: string,
  outcome: "opened" | "clicked",
  afterId: string | null,
): AsyncGenerator<{ contactIds: string[]; cursor: string }> {
  let page: string[] = [];
  let cursor = "";
  for await (const row of pipelineRecipientsWithout(brandId, source(campaignId), outcome, { pageSize: 500 })) {
    if (afterId && row.messageId <= afterId) continue;
    page.push(row.contactId);
    cursor = row.messageId;
    if (page.length === 500) {
      yield { contactIds: page, cursor };
      page = [];
    }
  }
  if (page.length > 0) yield { contactIds: page, cursor };
}

export async function pauseCampaignMessages(brandId: string, campaignId: string, reason: string): Promise<void> {
  await pauseSource(brandId, source(campaignId), reason);
}
export async function resumeCampaignMessages(brandId: string, campaignId: string): Promise<void> {
  await resumeSource(brandId, source(campaignId));
}
export async function cancelCampaignMessages(brandId: string, campaignId: string): Promise<void> {
  await cancelSource(brandId, source(campaignId));
}

// ---- reports: the pipeline's counters, never the messages themselves

export type CounterRow = { part: string; day: string; metric: string; count: number };
export type LinkCounterRow = { part: string; url: string; clicks: number; uniqueClicks: number };

/** The campaign's counters: one row per part, UTC day and metric (MessageCounter, kept as outcomes arrive). */
export async function counterRows(brandId: string, campaignId: string): Promise<CounterRow[]> {
  const rows = await sqlReader().all<{ part: string; day: string; metric: string; n: unknown }>(
    `SELECT "part", "day", "metric", "count" AS "n" FROM "MessageCounter" WHERE "brandId" = ? AND "sourceKind" = ? AND "sourceId" = ?`,
    [brandId, SOURCE_KIND, campaignId],
  );
  return rows.map((r) => ({ part: r.part, day: r.day, metric: r.metric, count: numberValue(r.n) }));
}

/** Clicks per link of the campaign, per part (the click map). */
export async function linkCounters(brandId: string, campaignId: string): Promise<LinkCounterRow[]> {
  const parts = ["", "a", "b", "rest"];
  const lists = await Promise.all(parts.map((part) => linkClicks(brandId, source(campaignId), { part })));
  return lists.flatMap((links, i) => links.map((l) => ({ part: parts[i], ...l })));
}

export type RecipientOutcome =
  "sent" | "opened" | "clicked" | "notOpened" | "bounced" | "unsubscribed" | "complained" | "skipped" | "failed" | "pending";
export type RecipientRow = {
  messageID: string;
  contactID: string | null;
  email: string | null;
  part: string;
  status: string;
  reason: string | null;
  sentAt: string | null;
  openedAt: string | null;
  clickedAt: string | null;
};

const OUTCOME_FILTERS: Record<RecipientOutcome, Prisma.MessageWhereInput> = {
  sent: { status: "sent" },
  opened: { status: "sent", openedAt: { not: null } },
  clicked: { status: "sent", clickedAt: { not: null } },
  notOpened: { status: "sent", openedAt: null },
  bounced: { status: "bounced" },
  unsubscribed: { unsubscribedAt: { not: null } },
  complained: { status: "complained" },
  skipped: { status: { in: ["skipped", "suppressed"] } },
  failed: { status: "failed" },
  pending: { status: { in: ["queued", "sending", "paused"] } },
};

/**
 * One page of the campaign's messages with an outcome, by recipient (newest contact first): the order of the
 * pipeline's idempotency key (brand, source, recipient key), so a page reads its rows in index order and
 * stops at the page's end whatever the campaign's size (ordered by message id, the database sorted every
 * matching message of the campaign first: 0.6 s a page at 20,000 messages).
 */
export async function campaignMessages(
  brandId: string,
  campaignId: string,
  filter: { outcome?: RecipientOutcome; limit: number; after?: string },
): Promise<{ recipients: RecipientRow[]; next: string | null }> {
  const rows = await db.message.findMany({
    where: {
      brandId,
      sourceKind: SOURCE_KIND,
      sourceId: campaignId,
      ...(filter.outcome ? OUTCOME_FILTERS[filter.outcome] : {}),
      ...(filter.after ? { recipientKey: { lt: filter.after } } : {}),
    },
    orderBy: { recipientKey: "desc" },
    take: filter.limit + 1,
    select: {
      id: true,
      recipientKey: true,
      contactId: true,
      email: true,
      part: true,
      status: true,
      reason: true,
      sentAt: true,
      openedAt: true,
      clickedAt: true,
    },
  });
  const page = rows.slice(0, filter.limit);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    recipients: page.map((r) => ({
      messageID: r.id,
      contactID: r.contactId,
      email: r.email,
      part: r.part,
      status: r.status,
      reason: r.reason,
      sentAt: iso(r.sentAt),
      openedAt: iso(r.openedAt),
      clickedAt: iso(r.clickedAt),
    })),
    next: rows.length > filter.limit ? page[page.length - 1].recipientKey : null,
  };
}
