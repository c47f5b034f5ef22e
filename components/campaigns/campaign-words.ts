// How the dashboard names a campaign's status, type and strategy in a marketer's words.
import type { CampaignStatus } from "./campaigns-client";

export const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  started: "Sending",
  paused: "Paused",
  stopped: "Test stopped",
  sent: "Sent",
  canceled: "Canceled",
  error: "Failed",
  onHold: "On hold",
  expired: "Expired",
};

export const STATUS_BADGES: Record<CampaignStatus, string> = {
  draft: "badge-muted",
  scheduled: "badge-info",
  started: "badge-info",
  paused: "badge-warning",
  stopped: "badge-warning",
  sent: "badge-success",
  canceled: "badge-muted",
  error: "badge-danger",
  onHold: "badge-warning",
  expired: "badge-muted",
};

export const TYPE_LABELS = { regular: "Email", abTest: "A/B test", booster: "Booster" } as const;

export { formatPercent as formatRate } from "@/components/ui/format";

/** Statuses in which the campaign's messages are being handed over or going out. */
export const LIVE_STATUSES: CampaignStatus[] = ["scheduled", "started", "paused", "stopped"];

/** Why a recipient got nothing (the delivery pipeline's reasons); the automations' journeys say them too. */
export const SKIP_REASON_WORDS: Record<string, string> = {
  "not-subscribed": "not subscribed",
  "not-subscribed-to-topic": "not subscribed to the email's topic",
  "suppressed:unsubscribed-from-topic": "unsubscribed from the email's topic",
  "no-email": "no email address",
  "contact-missing": "contact deleted",
  canceled: "send canceled",
  "suppressed:unsubscribed": "unsubscribed",
  "suppressed:hard-bounce": "bounced before",
  "suppressed:complaint": "marked as spam before",
  "suppressed:manual": "on the suppression list",
  "suppressed:erased": "erased",
};

/** Why contacts got nothing, in words: "not subscribed: 2, unsubscribed: 1". */
export const skipReasonsText = (reasons: { reason: string; count: number }[], format: (n: number) => string) =>
  reasons.map((r) => `${SKIP_REASON_WORDS[r.reason] ?? r.reason}: ${format(r.count)}`).join(", ");
