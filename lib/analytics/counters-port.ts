// The delivery pipeline's counters across a brand (docs/delivery.md, "Reading outcomes": MessageCounter,
// one row per source, part, UTC day and metric), as analytics and the campaigns list read them. The
// pipeline's interface reads one source at a time (sourceStats); a list page or a report over a date range
// reads many at once, so this one grouped read goes to the counters table itself.
import { sqlReader } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";

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
