// The metrics Inkwell reports (campaign reports, POST /api/analytics/reports and /statistics), each from
// the delivery pipeline's counters (kept as outcomes arrive, never counted over messages on read). The
// published analytics document names no metric; these names are ours and the OpenAPI document lists them.

/** The pipeline's counters a report reads (docs/delivery.md, "Reading outcomes"). */
export const COUNTERS = [
  "pending",
  "sent",
  "failed",
  "bounced",
  "complained",
  "suppressed",
  "skipped",
  "opened",
  "clicked",
  "opens",
  "clicks",
  "machineOpened",
  "machineClicked",
  "unsubscribed",
] as const;
export type Counter = (typeof COUNTERS)[number];
export type Counts = Record<Counter, number>;

export const emptyCounts = (): Counts => Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Counts;

export function addCounts(into: Counts, metric: string, n: number): void {
  if ((COUNTERS as readonly string[]).includes(metric)) into[metric as Counter] += n;
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : 0);

export const METRICS = {
  sent: { description: "Messages handed to the mail server (or the outbox)", of: (c: Counts) => c.sent },
  delivered: { description: "Sent messages that did not bounce", of: (c: Counts) => Math.max(0, c.sent - c.bounced) },
  bounced: { description: "Messages refused for good (hard bounces)", of: (c: Counts) => c.bounced },
  failed: { description: "Messages given up after soft bounces or errors", of: (c: Counts) => c.failed },
  skipped: { description: "Recipients not sent to: not subscribed, no email address, canceled", of: (c: Counts) => c.skipped },
  suppressed: { description: "Recipients not sent to: unsubscribed, bounced or complained before", of: (c: Counts) => c.suppressed },
  pending: { description: "Messages still waiting to go out", of: (c: Counts) => c.pending },
  uniqueOpens: { description: "Messages opened by a person at least once (machine opens apart)", of: (c: Counts) => c.opened },
  opens: { description: "Every open by a person", of: (c: Counts) => Math.max(c.opens, c.opened) },
  uniqueClicks: { description: "Messages with at least one click by a person", of: (c: Counts) => c.clicked },
  clicks: { description: "Every click by a person", of: (c: Counts) => Math.max(c.clicks, c.clicked) },
  machineOpens: { description: "Opens by mail privacy proxies and scanners (kept out of the rates)", of: (c: Counts) => c.machineOpened },
  machineClicks: { description: "Clicks by link scanners (kept out of the rates)", of: (c: Counts) => c.machineClicked },
  unsubscribes: { description: "Recipients who unsubscribed through the message", of: (c: Counts) => c.unsubscribed },
  complaints: { description: "Recipients who marked the message as spam", of: (c: Counts) => c.complained },
  openRate: { description: "uniqueOpens / delivered", of: (c: Counts) => ratio(c.opened, Math.max(0, c.sent - c.bounced)) },
  clickRate: { description: "uniqueClicks / delivered", of: (c: Counts) => ratio(c.clicked, Math.max(0, c.sent - c.bounced)) },
  clickThroughRate: { description: "uniqueClicks / uniqueOpens (click-to-open)", of: (c: Counts) => ratio(c.clicked, c.opened) },
  bounceRate: { description: "bounced / sent", of: (c: Counts) => ratio(c.bounced, c.sent) },
  unsubscribeRate: { description: "unsubscribes / delivered", of: (c: Counts) => ratio(c.unsubscribed, Math.max(0, c.sent - c.bounced)) },
  complaintRate: { description: "complaints / delivered", of: (c: Counts) => ratio(c.complained, Math.max(0, c.sent - c.bounced)) },
} as const;
export type MetricName = keyof typeof METRICS;
export const METRIC_NAMES = Object.keys(METRICS) as MetricName[];

export type Figures = Record<MetricName, number>;

export function figuresOf(counts: Counts): Figures {
  return Object.fromEntries(METRIC_NAMES.map((name) => [name, METRICS[name].of(counts)])) as Figures;
}
