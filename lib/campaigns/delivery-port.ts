// Everything campaigns ask of the delivery pipeline (docs/delivery.md, "The interface"), in one place:
// a campaign is the source {kind: "campaign", id}; its A/B variants ("a", "b") and the winner's send to
// the rest ("rest") are parts. Campaigns never talk SMTP; the pipeline never knows what a campaign is.
//
// Every figure and every message it shows is read through the pipeline's read side (lib/delivery/read).
import {
  brandCounterRows,
  cancelSource,
  enqueueMessages,
  linkClicks,
  pauseSource,
  pausedSources,
  recipientsWithout as pipelineRecipientsWithout,
  resumeSource,
  sourceMessages,
  sourceState,
  sourceStats,
  type RecipientOutcome,
  type SourceMessageRow,
} from "@/lib/delivery";
import { db } from "@/lib/db";
import type { EmailContent } from "./campaign-data";
import type { UtmTags } from "./schemas";
import type { SendTopic } from "@/lib/topics/send-topic";

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
  topic: SendTopic | null = null,
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
    options: { category: "marketing", topic, ...(sendAt ? { sendAt } : {}) },
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

/** Started campaigns whose messages the pipeline paused (bounce or complaint rate), with its reason. */
export async function campaignsPausedByPipeline(): Promise<{ id: string; brandId: string; reason: string }[]> {
  const paused = await pausedSources(SOURCE_KIND, HAND_PAUSE_REASON);
  if (paused.length === 0) return [];
  const started = await db.campaign.findMany({
    where: { id: { in: paused.map((p) => p.id) }, status: "started" },
    select: { id: true, brandId: true },
  });
  const isStarted = new Set(started.map((c) => `${c.brandId}:${c.id}`));
  return paused
    .filter((p) => isStarted.has(`${p.brandId}:${p.id}`))
    .map((p) => ({ id: p.id, brandId: p.brandId, reason: p.reason ?? "Paused by the delivery pipeline" }));
}

/** Human open and click rates of one part (of the messages delivered), for the A/B decision. */
export async function partRates(brandId: string, campaignId: string, part: string): Promise<{ sent: number; open: number; click: number }> {
  const stats = await sourceStats(brandId, source(campaignId), { part });
  return { sent: stats.sent, open: stats.rates.open, click: stats.rates.click };
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

export type LinkCounterRow = { part: string; url: string; clicks: number; uniqueClicks: number };

/** Clicks per link of the campaign, per part (the click map). */
export async function linkCounters(brandId: string, campaignId: string): Promise<LinkCounterRow[]> {
  const parts = ["", "a", "b", "rest"];
  const lists = await Promise.all(parts.map((part) => linkClicks(brandId, source(campaignId), { part })));
  return lists.flatMap((links, i) => links.map((l) => ({ part: parts[i], ...l })));
}

/** A page of the campaign's recipients with an outcome (the pipeline's read side pages them in index order). */
export async function campaignMessages(
  brandId: string,
  campaignId: string,
  filter: { outcome?: RecipientOutcome; limit: number; after?: string },
): Promise<{ recipients: SourceMessageRow[]; next: string | null }> {
  const page = await sourceMessages(brandId, source(campaignId), filter);
  return { recipients: page.messages, next: page.next };
}

/** The campaign's counter rows (per part, UTC day and metric, reasons included), from the pipeline's read side. */
export const counterRows = (brandId: string, campaignId: string) =>
  brandCounterRows(brandId, { kinds: [SOURCE_KIND], sourceIds: [campaignId] });
