// Counters a report reads, kept as outcomes arrive (MessageCounter: one row per source, part, UTC day
// and metric), in the transaction of the change they count. A change adds to a CounterBatch; flush()
// writes one upsert per counter, in a fixed order so that concurrent transactions take the rows' locks
// in the same order.
import type { SqlRunner } from "@/lib/db/sql";

/**
 * pending: messages waiting to go out (+1 when queued, -1 when they leave the queue for good: sent,
 * failed, refused, skipped, canceled); sent: handed to the mail server (a refusal at once included:
 * delivered = sent - bounced); the others count outcomes (opened and clicked: the first human open or
 * click of a message).
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
  "machineOpened",
  "machineClicked",
  "unsubscribed",
] as const;
export type Metric = (typeof METRICS)[number];

export type CounterKey = { brandId: string; sourceKind: string; sourceId: string; part: string };

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export class CounterBatch {
  private readonly counts = new Map<string, { key: CounterKey; day: string; metric: Metric; n: number }>();

  add(key: CounterKey, metric: Metric, at: Date, n = 1): this {
    if (n === 0) return this;
    const day = dayOf(at);
    const id = JSON.stringify([key.brandId, key.sourceKind, key.sourceId, key.part, day, metric]);
    const entry = this.counts.get(id);
    if (entry) entry.n += n;
    else this.counts.set(id, { key, day, metric, n });
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
  }
}
