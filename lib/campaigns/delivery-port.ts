// Everything campaigns ask of the delivery pipeline (docs/delivery.md, "The interface"), in one place:
// a campaign is the source {kind: "campaign", id}; its A/B variants ("a", "b") and the winner's send to
// the rest ("rest") are parts. Campaigns never talk SMTP; the pipeline never knows what a campaign is.
//
// Until the pipeline's branch is merged these are seams: enqueueing throws (a send then ends in status
// error with the reason), and the calls about message states have no messages to act on.
import { ApiProblem } from "@/lib/http/problems";
import type { EmailContent } from "./campaign-data";
import type { UtmTags } from "./schemas";

export const SOURCE_KIND = "campaign";
export const source = (campaignId: string) => ({ kind: SOURCE_KIND, id: campaignId });

export type OutgoingEmail = EmailContent & { templateID: string; subject: string; senderEmail: string; senderName: string; utm: UtmTags };
export type EnqueueOutcome = { queued: number; skipped: number; duplicates: number; reasons: Record<string, number> };

/** Messages for `contactIds` (each at most once per campaign, whatever the part), not before `sendAt`. */
export async function enqueueCampaignMessages(
  _brandId: string,
  _campaignId: string,
  _part: string,
  _email: OutgoingEmail,
  _contactIds: string[],
  _sendAt: Date | undefined,
): Promise<EnqueueOutcome> {
  throw new ApiProblem("internal", "The delivery pipeline is not available in this build");
}

/** Messages of the campaign the pipeline has not finished with (queued, sending, paused). */
export async function pendingCampaignMessages(_brandId: string, _campaignId: string): Promise<number> {
  return 0;
}

/** Whether the pipeline paused the campaign's messages itself (bounce or complaint rate), and why. */
export async function pipelinePause(_brandId: string, _campaignId: string): Promise<string | null> {
  return null;
}

/** Human open and click rates of one part (A/B decision). */
export async function partRates(
  _brandId: string,
  _campaignId: string,
  _part: string,
): Promise<{ sent: number; open: number; click: number }> {
  return { sent: 0, open: 0, click: 0 };
}

/** The contact ids the campaign was sent to without a human open (or click), in id order, after `afterId`. */
export async function* recipientsWithout(
  _brandId: string,
  _campaignId: string,
  _outcome: "opened" | "clicked",
  _afterId: string | null,
): AsyncGenerator<string[]> {}

export async function pauseCampaignMessages(_brandId: string, _campaignId: string, _reason: string): Promise<void> {}
export async function resumeCampaignMessages(_brandId: string, _campaignId: string): Promise<void> {}
export async function cancelCampaignMessages(_brandId: string, _campaignId: string): Promise<void> {}

// ---- reports: the pipeline's counters (docs/delivery.md "Reading outcomes"), never the messages themselves

export type CounterRow = { part: string; day: string; metric: string; count: number };
export type LinkCounterRow = { part: string; url: string; clicks: number; uniqueClicks: number };

/** The campaign's counters: one row per part, UTC day and metric. */
export async function counterRows(_brandId: string, _campaignId: string): Promise<CounterRow[]> {
  return [];
}

/** Clicks per link of the campaign (the click map). */
export async function linkCounters(_brandId: string, _campaignId: string): Promise<LinkCounterRow[]> {
  return [];
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

/** One page of the campaign's messages with an outcome, newest first. */
export async function campaignMessages(
  _brandId: string,
  _campaignId: string,
  _filter: { outcome?: RecipientOutcome; limit: number; after?: string },
): Promise<{ recipients: RecipientRow[]; next: string | null }> {
  return { recipients: [], next: null };
}
