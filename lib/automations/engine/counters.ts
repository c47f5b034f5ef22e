// The counters the dashboard reads (AutomationCounter), added to in the transaction of the change they
// count, one upsert per distinct row of a batch.
import type { SqlRunner } from "@/lib/db/sql";

export type CounterDelta = { brandId: string; automationId: string; blockId: string; metric: string; n: number };

export async function addCounters(tx: SqlRunner, deltas: CounterDelta[]): Promise<void> {
  const merged = new Map<string, CounterDelta>();
  for (const d of deltas) {
    if (d.n === 0) continue;
    const key = `${d.automationId}\u0000${d.blockId}\u0000${d.metric}`;
    const seen = merged.get(key);
    if (seen) seen.n += d.n;
    else merged.set(key, { ...d });
  }
  const rows = [...merged.values()];
  // Chunks keep the statement's parameters well under both engines' limits.
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    await tx.run(
      `INSERT INTO "AutomationCounter" ("automationId", "blockId", "metric", "brandId", "count") VALUES ${chunk.map(() => "(?, ?, ?, ?, ?int)").join(", ")}
       ON CONFLICT ("automationId", "blockId", "metric") DO UPDATE SET "count" = "AutomationCounter"."count" + excluded."count"`,
      chunk.flatMap((d) => [d.automationId, d.blockId, d.metric, d.brandId, d.n]),
    );
  }
}
