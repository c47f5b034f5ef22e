// Runs analytics queries over the delivery pipeline's counters (one row per source, part, UTC day and
// metric): /statistics groups by the day of the outcome (the counter's day); /reports by the day the
// message was sent, which for a campaign is the day its send started (all of its counters go there) and
// for other activities the counter's day. Rows are summed in memory: a brand's counters for a date range
// are a few rows per activity and day.
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
// Counters and figures come from the pipeline's read side: one definition of each figure, everywhere.
import { addCounts, brandCounterRows, emptyCounts, figuresOf, type BrandCounterRow, type Counts } from "@/lib/delivery";
import type { AnalyticsQuery, AnalyticsResult } from "./schemas";

const DAY = 86_400_000;
/** Activities that are not marketing (test sends, sender confirmations) stay out of analytics. */
export const ACTIVITIES = ["campaign", "automation"];

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function rangeOf(query: AnalyticsQuery, now: Date): { from: string; to: string } {
  const range = query.dateRange as { from?: string; to?: string; interval?: string };
  const today = dayOf(now);
  if (range.interval) {
    const start = new Date(`${today}T00:00:00Z`);
    const back = (days: number) => dayOf(new Date(start.getTime() - days * DAY));
    switch (range.interval) {
      case "today":
        return { from: today, to: today };
      case "yesterday":
        return { from: back(1), to: back(1) };
      case "last7Days":
        return { from: back(6), to: today };
      case "last30Days":
        return { from: back(29), to: today };
      case "last90Days":
        return { from: back(89), to: today };
      case "thisMonth":
        return { from: `${today.slice(0, 7)}-01`, to: today };
      case "lastMonth": {
        const first = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1));
        const last = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 0));
        return { from: dayOf(first), to: dayOf(last) };
      }
    }
  }
  const from = range.from ? dayOf(new Date(range.from.length === 10 ? `${range.from}T00:00:00Z` : range.from)) : undefined;
  const to = range.to ? dayOf(new Date(range.to.length === 10 ? `${range.to}T00:00:00Z` : range.to)) : undefined;
  return { from: from ?? dayOf(new Date(now.getTime() - 29 * DAY)), to: to ?? today };
}

function bucket(day: string, granularity: string | undefined): string {
  if (granularity === "month") return day.slice(0, 7);
  if (granularity === "week") {
    const date = new Date(`${day}T00:00:00Z`);
    return dayOf(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY));
  }
  return day;
}

type Row = BrandCounterRow & { at: string };

function valueOf(row: Row, name: string): string {
  switch (name) {
    case "channel":
      return "email";
    case "activity":
      return row.sourceKind;
    case "activityID":
    case "campaignID":
      return row.sourceId;
    case "variant":
      return row.part;
    default:
      return "";
  }
}

function keep(row: Row, filters: AnalyticsQuery["filters"]): boolean {
  return filters.every((f) => {
    if (f.name === "campaignID" && row.sourceKind !== "campaign") return f.operator === "neq" || f.operator === "notIn";
    const hit = f.values.includes(valueOf(row, f.name));
    return f.operator === "eq" || f.operator === "in" ? hit : !hit;
  });
}

/** The rows of one query: its counters grouped by its dimensions, each with its metrics. */
function resultOf(query: AnalyticsQuery, rows: Row[]): AnalyticsResult {
  const groups = new Map<string, { values: Record<string, string>; counts: Counts }>();
  for (const row of rows) {
    if (!keep(row, query.filters)) continue;
    const values: Record<string, string> = {};
    for (const d of query.dimensions) values[d.name] = d.name === "timestamp" ? bucket(row.at, d.granularity) : valueOf(row, d.name);
    const key = JSON.stringify(values);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { values, counts: emptyCounts() }));
    addCounts(group.counts, row.metric, row.count);
  }
  // No dimension: one row with the totals, also when nothing happened.
  if (query.dimensions.length === 0 && groups.size === 0) groups.set("{}", { values: {}, counts: emptyCounts() });
  const out = [...groups.values()].map(({ values, counts }) => {
    const figures = figuresOf(counts);
    const row: Record<string, string | number> = { ...values };
    for (const m of query.metrics) row[m.name] = figures[m.name];
    return row;
  });
  const names = query.dimensions.map((d) => d.name);
  out.sort((a, b) => {
    for (const n of names) if (a[n] !== b[n]) return String(a[n]) < String(b[n]) ? -1 : 1;
    return 0;
  });
  return {
    ...(query.alias !== undefined ? { alias: query.alias } : {}),
    dimensions: query.dimensions.map((d) =>
      d.name === "timestamp" ? { name: d.name, granularity: d.granularity ?? "day" } : { name: d.name },
    ),
    metrics: query.metrics.map((m) => ({ name: m.name })),
    rows: out,
  };
}

/** /statistics: by the day of the outcome. Each query needs a timestamp dimension (published). */
export async function runStatistics(brandId: string, queries: AnalyticsQuery[], now = new Date()): Promise<AnalyticsResult[]> {
  const missing = queries.flatMap((q, i) => (q.dimensions.some((d) => d.name === "timestamp") ? [] : [i]));
  if (missing.length > 0)
    throw new ApiProblem("validation-failed", "Every statistics query needs a timestamp dimension", {
      errors: missing.map((i) => ({
        field: "queries.dimensions",
        pointer: `/queries/${i}/dimensions`,
        code: "required",
        message: "needs a timestamp dimension",
      })),
    });
  return Promise.all(
    queries.map(async (query) => {
      const range = rangeOf(query, now);
      const rows = await brandCounterRows(brandId, { kinds: ACTIVITIES, fromDay: range.from, toDay: range.to });
      return resultOf(
        query,
        rows.map((r) => ({ ...r, at: r.day })),
      );
    }),
  );
}

/** /reports: by the day of the send (a campaign's start day). */
export async function runReports(brandId: string, queries: AnalyticsQuery[], now = new Date()): Promise<AnalyticsResult[]> {
  return Promise.all(
    queries.map(async (query) => {
      const range = rangeOf(query, now);
      const from = new Date(`${range.from}T00:00:00Z`);
      const to = new Date(new Date(`${range.to}T00:00:00Z`).getTime() + DAY);
      const campaigns = await db.campaign.findMany({
        where: { brandId, startedAt: { gte: from, lt: to } },
        select: { id: true, startedAt: true },
      });
      const startDay = new Map(campaigns.map((c) => [c.id, dayOf(c.startedAt!)]));
      const [campaignRows, otherRows] = await Promise.all([
        campaigns.length ? brandCounterRows(brandId, { kinds: ["campaign"], sourceIds: [...startDay.keys()] }) : [],
        brandCounterRows(brandId, { kinds: ACTIVITIES.filter((k) => k !== "campaign"), fromDay: range.from, toDay: range.to }),
      ]);
      return resultOf(query, [
        ...campaignRows.map((r) => ({ ...r, at: startDay.get(r.sourceId) ?? r.day })),
        ...otherRows.map((r) => ({ ...r, at: r.day })),
      ]);
    }),
  );
}
