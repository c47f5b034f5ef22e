// Claiming batches for one worker, as the events worker claims events (lib/events/worker/claim-events.ts):
// a lease (claimedBy, claimedUntil) that another worker may take over once it lapses, disjoint claims for
// concurrent workers (lib/db/dialect.ts claimLock); the claimed rows come back from the statement.
import { runningDialect } from "@/lib/db/dialect";
import { writeQuery } from "@/lib/db/sql";
import { dateValue, numberValue } from "@/lib/db/values";
import type { BatchEndpoint } from "../schemas";

export type ClaimedBatch = {
  id: string;
  brandId: string;
  endpoint: BatchEndpoint;
  method: "POST" | "PUT";
  origin: string;
  attempts: number;
  createdAt: Date;
};

const CLAIM = `
  UPDATE "Batch" SET "claimedBy" = ?, "claimedUntil" = ?ts, "attempts" = "attempts" + 1, "status" = 'inProgress',
    "startedAt" = COALESCE("startedAt", ?ts)
  WHERE "id" IN (
    SELECT "id" FROM "Batch"
    WHERE "status" IN ('pending', 'inProgress') AND "nextAttemptAt" <= ?ts AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts)
    ORDER BY "id" LIMIT ? ${runningDialect().claimLock}
  )
  RETURNING "id", "brandId", "endpoint", "method", "origin", "attempts", "createdAt"`;

export async function claimBatches(workerId: string, limit: number, leaseMs: number): Promise<ClaimedBatch[]> {
  const now = new Date();
  const rows = await writeQuery<Omit<ClaimedBatch, "attempts" | "createdAt"> & { attempts: unknown; createdAt: unknown }>(CLAIM, [
    workerId,
    new Date(now.getTime() + leaseMs),
    now,
    now,
    now,
    limit,
  ]);
  return rows
    .map((r) => ({ ...r, attempts: numberValue(r.attempts), createdAt: dateValue(r.createdAt) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
