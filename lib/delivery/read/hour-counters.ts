// A source's sends, unique opens and unique clicks per UTC hour (MessageHourCounter, kept beside the daily
// counters as outcomes arrive, for campaigns only): a campaign report's first 48 hours, hour by hour.
import { sqlReader } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";
import { hourOf } from "../counters";
import type { Source } from "../schemas";

export type HourFigures = { hour: string; sent: number; uniqueOpens: number; uniqueClicks: number };

const HOUR = 3_600_000;

/** Every hour from `from` for `hours` hours (empty hours included), oldest first; `hour` is an ISO time. */
export async function sourceHours(brandId: string, source: Source, from: Date, hours: number): Promise<HourFigures[]> {
  const start = new Date(Math.floor(from.getTime() / HOUR) * HOUR);
  const keys = Array.from({ length: hours }, (_, i) => hourOf(new Date(start.getTime() + i * HOUR)));
  const rows = await sqlReader().all<{ hour: string; metric: string; n: unknown }>(
    `SELECT "hour", "metric", "count" AS "n" FROM "MessageHourCounter"
     WHERE "brandId" = ? AND "sourceKind" = ? AND "sourceId" = ? AND "hour" >= ? AND "hour" <= ?`,
    [brandId, source.kind, source.id, keys[0], keys[keys.length - 1]],
  );
  const byHour = new Map(keys.map((k) => [k, { hour: `${k}:00:00.000Z`, sent: 0, uniqueOpens: 0, uniqueClicks: 0 }]));
  for (const r of rows) {
    const h = byHour.get(r.hour);
    if (!h) continue;
    const n = numberValue(r.n);
    if (r.metric === "sent") h.sent += n;
    else if (r.metric === "opened") h.uniqueOpens += n;
    else if (r.metric === "clicked") h.uniqueClicks += n;
  }
  return [...byHour.values()];
}
