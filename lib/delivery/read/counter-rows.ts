// The pipeline's counters across a brand (MessageCounter: one row per source, part, UTC day and metric),
// as a report over many sources reads them: the campaigns list, analytics over a date range, one campaign
// per part and day. Summed into figures by ./figures.ts; reason rows (`reason:...`) by skipReasons.
import { sqlReader } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";
import { REASON_PREFIX } from "../counters";

export type BrandCounterRow = { sourceKind: string; sourceId: string; part: string; day: string; metric: string; count: number };

/** Counter rows of the brand's sources of the given kinds (and ids), within the days given (inclusive). */
export async function brandCounterRows(
  brandId: string,
  filter: { kinds: string[]; sourceIds?: string[]; fromDay?: string; toDay?: string },
): Promise<BrandCounterRow[]> {
  if (filter.kinds.length === 0 || filter.sourceIds?.length === 0) return [];
  const where = [`"brandId" = ?`, `"sourceKind" IN (${filter.kinds.map(() => "?").join(", ")})`];
  const params: unknown[] = [brandId, ...filter.kinds];
  if (filter.sourceIds) {
    where.push(`"sourceId" IN (${filter.sourceIds.map(() => "?").join(", ")})`);
    params.push(...filter.sourceIds);
  }
  if (filter.fromDay) {
    where.push(`"day" >= ?`);
    params.push(filter.fromDay);
  }
  if (filter.toDay) {
    where.push(`"day" <= ?`);
    params.push(filter.toDay);
  }
  const rows = await sqlReader().all<{ sourceKind: string; sourceId: string; part: string; day: string; metric: string; n: unknown }>(
    `SELECT "sourceKind", "sourceId", "part", "day", "metric", "count" AS "n" FROM "MessageCounter" WHERE ${where.join(" AND ")}`,
    params,
  );
  return rows.map((r) => ({
    sourceKind: r.sourceKind,
    sourceId: r.sourceId,
    part: r.part,
    day: r.day,
    metric: r.metric,
    count: numberValue(r.n),
  }));
}

/** Why the contacts of these rows got nothing (skipped or suppressed), by reason, most first. */
export function skipReasons(rows: { metric: string; count: number }[]): { reason: string; count: number }[] {
  const reasons = new Map<string, number>();
  for (const r of rows)
    if (r.metric.startsWith(REASON_PREFIX))
      reasons.set(r.metric.slice(REASON_PREFIX.length), (reasons.get(r.metric.slice(REASON_PREFIX.length)) ?? 0) + r.count);
  return [...reasons]
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1));
}
