// Creating a batch: the batch and its items are committed together, as durably as an accepted event
// (a 201 batch survives a crash, and a power loss as far as the configuration asks: lib/db/sql.ts
// WriteOptions.durable), before the caller hears of it; the worker then processes it. Callable from
// inside the app (the dashboard's CSV import) as well as from POST /api/batches.
import { writeTransaction } from "@/lib/db/sql";
import { newId } from "@/lib/ids";
import { wakeBatchWorker } from "./wake";
import type { BatchEndpoint } from "./schemas";

export type NewBatch = { endpoint: BatchEndpoint; method: "POST" | "PUT"; items: readonly unknown[]; origin?: string };

const list = (n: number, item: string) => Array.from({ length: n }, () => item).join(", ");

export async function createBatch(brandId: string, batch: NewBatch): Promise<{ batchID: string; totalCount: number }> {
  const now = new Date();
  const id = newId(now);
  const items = batch.items.map((item, position) => [newId(now), id, position, JSON.stringify(item ?? null), "pending"]);
  await writeTransaction(
    async (tx) => {
      await tx.run(
        `INSERT INTO "Batch" ("id", "brandId", "endpoint", "method", "origin", "status", "totalCount", "createdAt", "attempts", "nextAttemptAt")
       VALUES (?, ?, ?, ?, ?, 'pending', ?, ?ts, 0, ?ts)`,
        [id, brandId, batch.endpoint, batch.method, batch.origin ?? "api", items.length, now, now],
      );
      await tx.run(
        `INSERT INTO "BatchItem" ("id", "batchId", "position", "request", "status") VALUES ${list(items.length, "(?, ?, ?, ?, ?)")}`,
        items.flat(),
      );
    },
    { durable: true },
  );
  wakeBatchWorker();
  return { batchID: id, totalCount: items.length };
}
