// Every figure Inkwell reports about sent email, each defined once (docs/delivery.md, "Figures"): the
// campaign report, the campaigns list, analytics, automation figures and the auto-pause all compute
// them here, from the pipeline's counters (kept as outcomes arrive, never counted over messages on read).
// Rates of people's behaviour divide by `delivered` (sent - bounced); the bounce rate by `sent`.
import { METRICS, type Metric } from "../counters";

export type Counts = Record<Metric, number>;

export const emptyCounts = (): Counts => Object.fromEntries(METRICS.map((m) => [m, 0])) as Counts;

/** Adds a counter row's count (reason metrics, `reason:...`, are read apart: skipReasons). */
export function addCounts(into: Counts, metric: string, n: number): void {
  if ((METRICS as readonly string[]).includes(metric)) into[metric as Metric] += n;
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : 0);
const money = (hundredths: number) => Math.round(hundredths) / 100;
const perRecipient = (hundredths: number, c: Counts) => {
  const recipients = FIGURES.recipients.of(c);
  return recipients > 0 ? Math.round(hundredths / recipients) / 100 : 0;
};
const delivered = (c: Counts) => Math.max(0, c.sent - c.bounced);
// Counters kept before the totals existed hold only the first open or click of a message: a total is never
// below its unique count.
const opens = (c: Counts) => Math.max(c.opens, c.opened);
const clicks = (c: Counts) => Math.max(c.clicks, c.clicked);

export const FIGURES = {
  recipients: {
    description:
      "Contacts the email went or is going to: sent, failed and still pending (skipped and suppressed contacts are not recipients)",
    of: (c: Counts) => c.sent + c.failed + c.pending,
  },
  sent: { description: "Messages handed to the mail server (or the outbox)", of: (c: Counts) => c.sent },
  delivered: { description: "sent - bounced", of: delivered },
  bounced: { description: "Messages refused for good (hard bounces)", of: (c: Counts) => c.bounced },
  failed: { description: "Messages given up after soft bounces or errors", of: (c: Counts) => c.failed },
  skipped: { description: "Contacts not sent to: not subscribed, no email address, canceled", of: (c: Counts) => c.skipped },
  suppressed: { description: "Contacts not sent to: unsubscribed, bounced or complained before", of: (c: Counts) => c.suppressed },
  pending: { description: "Messages still waiting to go out", of: (c: Counts) => c.pending },
  uniqueOpens: { description: "Messages opened by a person at least once (machine opens apart)", of: (c: Counts) => c.opened },
  opens: { description: "Every open by a person (machine opens apart)", of: opens },
  uniqueClicks: { description: "Messages with at least one click by a person", of: (c: Counts) => c.clicked },
  clicks: { description: "Every click by a person (machine clicks apart)", of: clicks },
  machineOpens: { description: "Opens by mail privacy proxies and scanners (kept out of the rates)", of: (c: Counts) => c.machineOpened },
  machineClicks: { description: "Clicks by link scanners (kept out of the rates)", of: (c: Counts) => c.machineClicked },
  unsubscribes: { description: "Recipients who unsubscribed through the message", of: (c: Counts) => c.unsubscribed },
  complaints: { description: "Recipients who marked the message as spam", of: (c: Counts) => c.complained },
  openRate: { description: "uniqueOpens / delivered", of: (c: Counts) => ratio(c.opened, delivered(c)) },
  clickRate: { description: "uniqueClicks / delivered", of: (c: Counts) => ratio(c.clicked, delivered(c)) },
  clickThroughRate: { description: "uniqueClicks / uniqueOpens (click-to-open)", of: (c: Counts) => ratio(c.clicked, c.opened) },
  bounceRate: { description: "bounced / sent", of: (c: Counts) => ratio(c.bounced, c.sent) },
  unsubscribeRate: { description: "unsubscribes / delivered", of: (c: Counts) => ratio(c.unsubscribed, delivered(c)) },
  complaintRate: { description: "complaints / delivered", of: (c: Counts) => ratio(c.complained, delivered(c)) },
  // Revenue attribution (docs/campaigns.md, "Revenue"): counters keep hundredths of the brand's currency.
  orders: {
    description:
      "Orders attributed to the email: placed within the attribution window after the contact last clicked it (canceled orders taken back)",
    of: (c: Counts) => c.orders,
  },
  revenue: {
    description: "The attributed orders' value in the brand's currency, net of refunds and cancellations",
    of: (c: Counts) => money(c.revenue),
  },
  revenuePerRecipient: { description: "revenue / recipients", of: (c: Counts) => perRecipient(c.revenue, c) },
  openOrders: {
    description: "Opens model: orders placed within the window after the contact last opened (or clicked) the email",
    of: (c: Counts) => c.openOrders,
  },
  openRevenue: {
    description: "Opens model: those orders' value, net of refunds and cancellations",
    of: (c: Counts) => money(c.openRevenue),
  },
} as const;
export type FigureName = keyof typeof FIGURES;
export const FIGURE_NAMES = Object.keys(FIGURES) as FigureName[];
export type Figures = Record<FigureName, number>;

export function figuresOf(counts: Counts): Figures {
  return Object.fromEntries(FIGURE_NAMES.map((name) => [name, FIGURES[name].of(counts)])) as Figures;
}
