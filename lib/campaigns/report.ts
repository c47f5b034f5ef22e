// A campaign's report: its figures (all of it, per A/B part, per day), clicks per link, the recipients
// table and its CSV, the click map, and the composer's audience estimate. Every figure comes from the
// delivery pipeline's counters (a handful of rows per campaign and day), never from counting messages.
import Papa from "papaparse";
import { db } from "@/lib/db";
import {
  addCounts,
  brandCounterRows,
  emptyCounts,
  figuresOf,
  skipReasons,
  revenueSettings,
  sourceHours,
  type Counts,
  type RecipientOutcome,
  type SourceMessageRow as RecipientRow,
} from "@/lib/delivery";
import { ApiProblem } from "@/lib/http/problems";
import { renderTemplateFor } from "@/lib/templates/render/render-template";
import type { Campaign } from "./campaign-data";
import { boosterEmail, findCampaign, loadCampaign } from "./campaign-store";
import { campaignMessages, counterRows, linkCounters, source, SOURCE_KIND } from "./delivery-port";
import type { CampaignReport } from "./report-schemas";

const PART_LABELS: Record<string, string> = { a: "Variant A", b: "Variant B", rest: "Winner to the rest", "": "All recipients" };

export async function campaignReport(brandId: string, id: string): Promise<CampaignReport> {
  const campaign = await loadCampaign(brandId, id);
  const [rows, links, hourly, compared, revenue] = await Promise.all([
    counterRows(brandId, id),
    linkCounters(brandId, id),
    campaign.startedAt ? sourceHours(brandId, source(id), campaign.startedAt, 48) : [],
    campaign.startedAt ? lastFive(brandId, { id, startedAt: campaign.startedAt }) : { rows: [], average: null },
    revenueSettings(brandId),
  ]);
  const totals = emptyCounts();
  const parts = new Map<string, Counts>();
  const days = new Map<string, Counts>();
  for (const row of rows) {
    addCounts(totals, row.metric, row.count);
    if (!parts.has(row.part)) parts.set(row.part, emptyCounts());
    addCounts(parts.get(row.part)!, row.metric, row.count);
    if (!days.has(row.day)) days.set(row.day, emptyCounts());
    addCounts(days.get(row.day)!, row.metric, row.count);
  }
  const byUrl = new Map<string, { url: string; clicks: number; uniqueClicks: number }>();
  for (const link of links) {
    const entry = byUrl.get(link.url) ?? { url: link.url, clicks: 0, uniqueClicks: 0 };
    entry.clicks += link.clicks;
    entry.uniqueClicks += link.uniqueClicks;
    byUrl.set(link.url, entry);
  }
  const order = ["a", "b", "rest", ""];
  const report: CampaignReport = {
    campaignID: campaign.id,
    name: campaign.name,
    status: campaign.status,
    ...recipientsAndSkipped(totals, rows),
    currency: revenue.currency,
    totals: figuresOf(totals),
    parts:
      campaign.type === "abTest"
        ? order
            .filter((p) => p !== "")
            .map((part) => ({
              part,
              label: PART_LABELS[part],
              ...(part === "a" || part === "b" ? { variantID: campaign.abTest!.variants[part].id } : {}),
              figures: figuresOf(parts.get(part) ?? emptyCounts()),
            }))
        : [],
    daily: [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, counts]) => ({ day, figures: figuresOf(counts) })),
    hourly,
    comparison: compared.rows,
    comparisonAverage: compared.average,
    links: [...byUrl.values()].sort((a, b) => b.clicks - a.clicks || (a.url < b.url ? -1 : 1)),
    asOf: new Date().toISOString(),
  };
  if (campaign.statusReason) report.statusReason = campaign.statusReason;
  if (campaign.startedAt) report.startedAt = campaign.startedAt.toISOString();
  if (campaign.endedAt) report.endedAt = campaign.endedAt.toISOString();
  return report;
}

/**
 * This campaign and the brand's last five started before it, newest first: open, click and revenue per
 * recipient; and the five's average, the figures of their counts summed (a campaign sent to 10 000 weighs
 * more than one sent to 10, as in the campaigns' own totals), null when there are none.
 */
async function lastFive(brandId: string, campaign: { id: string; startedAt: Date }) {
  const earlier = await db.campaign.findMany({
    where: { brandId, startedAt: { lte: campaign.startedAt }, id: { not: campaign.id } },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: 5,
    select: { id: true },
  });
  const ids = [campaign.id, ...earlier.map((c) => c.id)];
  const [named, rows] = await Promise.all([
    db.campaign.findMany({ where: { brandId, id: { in: ids } }, select: { id: true, name: true, startedAt: true } }),
    brandCounterRows(brandId, { kinds: [SOURCE_KIND], sourceIds: ids }),
  ]);
  const counts = new Map(ids.map((i) => [i, emptyCounts()]));
  const sum = emptyCounts();
  for (const row of rows) {
    addCounts(counts.get(row.sourceId)!, row.metric, row.count);
    if (row.sourceId !== campaign.id) addCounts(sum, row.metric, row.count);
  }
  const rowsOut = ids.flatMap((cid) => {
    const c = named.find((n) => n.id === cid);
    if (!c?.startedAt) return [];
    const f = figuresOf(counts.get(cid)!);
    return [
      {
        campaignID: cid,
        name: c.name,
        startedAt: c.startedAt.toISOString(),
        current: cid === campaign.id,
        openRate: f.openRate,
        clickRate: f.clickRate,
        revenuePerRecipient: f.revenuePerRecipient,
      },
    ];
  });
  const before = rowsOut.filter((r) => !r.current).length;
  const avg = figuresOf(sum);
  return {
    rows: rowsOut,
    average:
      before < 1
        ? null
        : { campaigns: before, openRate: avg.openRate, clickRate: avg.clickRate, revenuePerRecipient: avg.revenuePerRecipient },
  };
}

/**
 * One recipient rule for every figure labelled "recipients" (docs/delivery.md, "Figures"): the contacts the
 * email went or is going to. The contacts who got nothing are skipped, with their reasons, never recipients.
 */
function recipientsAndSkipped(totals: Counts, rows: { metric: string; count: number }[]) {
  return {
    recipients: figuresOf(totals).recipients,
    skipped: { count: totals.skipped + totals.suppressed, reasons: skipReasons(rows) },
  };
}

export async function campaignRecipients(
  brandId: string,
  id: string,
  query: { outcome?: RecipientOutcome; limit: number; after?: string },
) {
  await loadCampaign(brandId, id);
  const page = await campaignMessages(brandId, id, query);
  return {
    recipients: page.recipients,
    paging: { limit: query.limit, hasMore: page.next !== null, cursors: page.next ? { after: page.next } : {} },
  };
}

const CSV_COLUMNS: (keyof RecipientRow)[] = [
  "email",
  "contactID",
  "part",
  "status",
  "reason",
  "sentAt",
  "openedAt",
  "clickedAt",
  "messageID",
];
// Cells a spreadsheet would run as a formula are escaped (papaparse escapeFormulae), as the contacts export does.
const csv = (rows: unknown[][]) => Papa.unparse(rows, { header: false, escapeFormulae: true, newline: "\r\n" }) + "\r\n";

/** The recipients table as CSV, streamed page by page (never the whole list in memory). */
export async function recipientsCsv(brandId: string, id: string, outcome?: RecipientOutcome): Promise<ReadableStream<Uint8Array>> {
  await loadCampaign(brandId, id);
  const encoder = new TextEncoder();
  let after: string | undefined;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark so spreadsheet programs read the file as UTF-8.
        controller.enqueue(encoder.encode("\uFEFF" + csv([CSV_COLUMNS])));
        return;
      }
      if (done) return controller.close();
      const page = await campaignMessages(brandId, id, { outcome, limit: 500, after });
      if (page.recipients.length > 0)
        controller.enqueue(encoder.encode(csv(page.recipients.map((r) => CSV_COLUMNS.map((c) => r[c] ?? "")))));
      if (page.next) after = page.next;
      else done = true;
      if (page.recipients.length === 0) controller.close();
    },
  });
}

// ---- the click map

const normalizeUrl = (raw: string) => {
  const decoded = raw.replace(/&amp;/g, "&");
  try {
    const url = new URL(decoded);
    for (const key of [...url.searchParams.keys()]) if (key.startsWith("utm_")) url.searchParams.delete(key);
    return url.toString().replace(/\/$/, "");
  } catch {
    return decoded;
  }
};

function emailOf(campaign: Campaign, parent: Campaign | null, variant: "a" | "b" | undefined) {
  if (campaign.abTest) return campaign.abTest.variants[variant ?? campaign.winner?.part ?? "a"].email;
  return campaign.booster ? boosterEmail(parent, campaign) : (campaign.content?.email ?? {});
}

/** The email rendered with sample data, each link marked with its clicks (all parts, or the variant's). */
export async function clickMap(brandId: string, id: string, variant?: "a" | "b") {
  const campaign = await loadCampaign(brandId, id);
  const parent = campaign.booster ? await findCampaign(brandId, campaign.booster.parentId) : null;
  const email = emailOf(campaign, parent, variant);
  if (!email.templateID) throw new ApiProblem("conflict", "The campaign has no template");
  const [rendered, links] = await Promise.all([
    renderTemplateFor(brandId, email.templateID, undefined, { mode: "test" }),
    linkCounters(brandId, id),
  ]);
  const counts = new Map<string, { url: string; clicks: number; uniqueClicks: number }>();
  for (const link of links) {
    if (variant && campaign.abTest && link.part !== variant) continue;
    const key = normalizeUrl(link.url);
    const entry = counts.get(key) ?? { url: link.url, clicks: 0, uniqueClicks: 0 };
    entry.clicks += link.clicks;
    entry.uniqueClicks += link.uniqueClicks;
    counts.set(key, entry);
  }
  const html = rendered.html.replace(/<a\b([^>]*?)\bhref="([^"]*)"([^>]*)>/gi, (tag, _before: string, href: string) => {
    if (!/^https?:/i.test(href)) return tag;
    const n = counts.get(normalizeUrl(href))?.clicks ?? 0;
    const label = `${n} ${n === 1 ? "click" : "clicks"}`;
    return `${tag}<span data-clicks="${n}" title="${label}" style="display:inline-block;margin:0 4px;padding:1px 7px;border-radius:10px;background:${n > 0 ? "#b3261e" : "#5f6368"};color:#fff;font:bold 11px/16px Arial,sans-serif;text-decoration:none;vertical-align:middle">${label}</span>`;
  });
  return { html, links: [...counts.values()].sort((a, b) => b.clicks - a.clicks) };
}

/** The list's per-row figures for a page of campaigns: one read of their counters, never one per row. */
export async function campaignFigures(brandId: string, ids: string[]) {
  const [campaigns, rows, revenue] = await Promise.all([
    db.campaign.findMany({ where: { brandId, id: { in: ids } }, select: { id: true } }),
    ids.length ? brandCounterRows(brandId, { kinds: [SOURCE_KIND], sourceIds: ids }) : [],
    revenueSettings(brandId),
  ]);
  const counts = new Map(campaigns.map((c) => [c.id, emptyCounts()]));
  for (const row of rows) {
    const into = counts.get(row.sourceId);
    if (into) addCounts(into, row.metric, row.count);
  }
  return {
    figures: campaigns.map((c) => {
      const f = figuresOf(counts.get(c.id)!);
      return {
        campaignID: c.id,
        recipients: f.recipients,
        skipped: f.skipped + f.suppressed,
        sent: f.sent,
        uniqueOpens: f.uniqueOpens,
        uniqueClicks: f.uniqueClicks,
        openRate: f.openRate,
        clickRate: f.clickRate,
        orders: f.orders,
        revenue: f.revenue,
      };
    }),
    currency: revenue.currency,
  };
}
