// Counters a report reads, kept as outcomes arrive (MessageCounter: one row per source, part, UTC day
// and metric), in the transaction of the change they count. A change adds to a CounterBatch; flush()
// writes one upsert per counter, in a fixed order so that concurrent transactions take the rows' locks
// in the same order.
import type { SqlRunner } from "@/lib/db/sql";

/**
 * pending: messages waiting to go out (+1 when queued, -1 when they leave the queue for good: sent,
 * failed, refused, skipped, canceled); sent: handed to the mail server (a refusal at once included:
 * delivered = sent - bounced); the others count outcomes (opened and clicked: the first human open or
 * click of a message; opens and clicks: every human open and click). The figures made of them are defined
 * once, in ./figures.ts.
 */
export const METRICS = [
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
  // Revenue attribution (./attribution): orders attributed to the email last clicked, their revenue in
  // hundredths of the brand's currency (net of refunds), and the same under the opens model.
  "orders",
  "revenue",
  "openOrders",
  "openRevenue",
] as const;
export type Metric = (typeof METRICS)[number];
/** Why contacts got nothing, counted beside `skipped` / `suppressed`: `reason:not-subscribed`, `reason:suppressed:unsubscribed`, ... */
export type ReasonMetric = `reason:${string}`;
export const REASON_PREFIX = "reason:";
/** The reason's label, as enqueueMessages' `reasons` name it: a suppression's is prefixed `suppressed:`. */
export const reasonLabel = (status: "skipped" | "suppressed", reason: string) =>
  status === "suppressed" ? `suppressed:${reason}` : reason;

export type CounterKey = { brandId: string; sourceKind: string; sourceId: string; part: string };

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
export const hourOf = (at: Date) => at.toISOString().slice(0, 13);

/** Metrics also kept per hour (MessageHourCounter): a report's first 48 hours by hour. */
export const HOURLY_METRICS: readonly string[] = ["sent", "opened", "clicked"];
/** Sources whose hours are kept: the campaign report is their one reader (other kinds' would be rows nobody reads). */
export const HOURLY_KINDS: readonly string[] = ["campaign"];

export class CounterBatch {
  private readonly counts = new Map<string, { key: CounterKey; day: string; metric: Metric | ReasonMetric; n: number }>();
  private readonly hours = new Map<string, { key: CounterKey; hour: string; metric: string; n: number }>();

  /** A contact got nothing: the skipped or suppressed counter and its reason's. */
  skip(key: CounterKey, status: "skipped" | "suppressed", reason: string, at: Date, n = 1): this {
    return this.add(key, status, at, n).add(key, `${REASON_PREFIX}${reasonLabel(status, reason)}`, at, n);
  }

  add(key: CounterKey, metric: Metric | ReasonMetric, at: Date, n = 1): this {
    if (n === 0) return this;
    const day = dayOf(at);
    const id = JSON.stringify([key.brandId, key.sourceKind, key.sourceId, key.part, day, metric]);
    const entry = this.counts.get(id);
    if (entry) entry.n += n;
    else this.counts.set(id, { key, day, metric, n });
    if (HOURLY_METRICS.includes(metric) && HOURLY_KINDS.includes(key.sourceKind)) {
      const hour = hourOf(at);
      const hid = JSON.stringify([key.brandId, key.sourceKind, key.sourceId, hour, metric]);
      const h = this.hours.get(hid);
      if (h) h.n += n;
      else this.hours.set(hid, { key, hour, metric, n });
    }
    return this;
  }

  get size(): number {
    return this.counts.size;
  }

  async flush(tx: SqlRunner): Promise<void> {
    const entries = [...this.counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
    this.counts.clear();
    for (let i = 0; i < entries.length; i += 100) {
      const chunk = entries.slice(i, i + 100);
      await tx.run(
        `INSERT INTO "MessageCounter" ("brandId", "sourceKind", "sourceId", "part", "day", "metric", "count")
         VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?int)").join(", ")}
         ON CONFLICT ("brandId", "sourceKind", "sourceId", "part", "day", "metric") DO UPDATE SET "count" = "MessageCounter"."count" + excluded."count"`,
        chunk.flatMap((e) => [e.key.brandId, e.key.sourceKind, e.key.sourceId, e.key.part, e.day, e.metric, e.n]),
      );
    }
    const hours = [...this.hours.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
    this.hours.clear();
    for (let i = 0; i < hours.length; i += 100) {
      const chunk = hours.slice(i, i + 100);
      await tx.run(
        `INSERT INTO "MessageHourCounter" ("brandId", "sourceKind", "sourceId", "hour", "metric", "count")
         VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?int)").join(", ")}
         ON CONFLICT ("brandId", "sourceKind", "sourceId", "hour", "metric") DO UPDATE SET "count" = "MessageHourCounter"."count" + excluded."count"`,
        chunk.flatMap((e) => [e.key.brandId, e.key.sourceKind, e.key.sourceId, e.hour, e.metric, e.n]),
      );
    }
  }
}
