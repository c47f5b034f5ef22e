// Processes claimed batches item by item. An item's effect and its result are committed in one write
// transaction, and only while this worker still holds the batch's claim, so an item is processed
// exactly once whatever crashes when (an event item commits its effect on its own, idempotently, see
// item-handlers.ts). Items run concurrently, so their transactions are group-committed together (lib/db),
// except items that touch the same contact or product, which run in the order sent.
// Like the events worker: an item that fails for good (a 4xx) gets its problem as its result; one that
// may succeed later keeps the batch pending with backoff, and after EVENTS_MAX_ATTEMPTS gets a 500.
import { config } from "@/lib/config";
import { sqlReader, writeStatement, writeTransaction } from "@/lib/db/sql";
import { withIdentifierRetry } from "@/lib/contacts/write-contact";
import { ApiProblem, PROBLEMS, problemTypeUrl } from "@/lib/http/problems";
import type { ClaimedBatch } from "./claim-batches";
import { itemWork, type BatchItemRow, type Outcome } from "./item-handlers";

const RETRY_MAX_MS = 10 * 60_000;

class LostClaim extends Error {}

const FINISH_ITEM = `
  UPDATE "BatchItem" SET "status" = ?, "responseCode" = ?int, "response" = ?, "processedAt" = ?ts
  WHERE "id" = ? AND "status" = 'pending' AND EXISTS (SELECT 1 FROM "Batch" WHERE "id" = ? AND "claimedBy" = ?)`;

function finishParams(item: BatchItemRow, workerId: string, outcome: Outcome, now: Date) {
  return [outcome.code < 400 ? "finished" : "failed", outcome.code, JSON.stringify(outcome.response), now, item.id, item.batchId, workerId];
}

/** The item's answer when it fails: the problem the single endpoint would have answered. */
function problemOutcome(problem: ApiProblem): Outcome {
  const { headers: _headers, ...members } = problem.extra;
  return {
    code: problem.status,
    response: {
      type: problemTypeUrl(problem.code, config().appOrigin),
      title: PROBLEMS[problem.code].title,
      status: problem.status,
      detail: problem.detail,
      ...members,
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

type ItemResult = { item: BatchItemRow; done: boolean; error?: unknown };

async function processItem(batch: ClaimedBatch, item: BatchItemRow, workerId: string, run: () => Promise<void>): Promise<ItemResult> {
  try {
    await run();
    return { item, done: true };
  } catch (error) {
    if (error instanceof LostClaim) return { item, done: false };
    if (error instanceof ApiProblem && error.status < 500) {
      try {
        await writeStatement(FINISH_ITEM, finishParams(item, workerId, problemOutcome(error), new Date()));
        return { item, done: true };
      } catch (writeError) {
        return { item, done: false, error: writeError };
      }
    }
    if (config().EVENTS_DEBUG === "on") console.warn(`[batches] item ${item.id} of batch ${batch.id} failed: ${describe(error)}`);
    return { item, done: false, error };
  }
}

function runItem(batch: ClaimedBatch, item: BatchItemRow, workerId: string, work: ReturnType<typeof itemWork>): () => Promise<void> {
  if (work.kind === "transaction") {
    return () =>
      withIdentifierRetry(() =>
        writeTransaction(async (tx) => {
          const now = new Date();
          const outcome = await work.apply(tx, now);
          if ((await tx.run(FINISH_ITEM, finishParams(item, workerId, outcome, now))) === 0) throw new LostClaim();
        }),
      );
  }
  return async () => {
    const outcome = await work.apply();
    await writeStatement(FINISH_ITEM, finishParams(item, workerId, outcome, new Date()));
  };
}

async function settle(batch: ClaimedBatch, workerId: string, results: ItemResult[]): Promise<void> {
  const now = new Date();
  const failures = results.filter((r) => !r.done && r.error !== undefined);
  if (failures.length > 0) {
    const { EVENTS_MAX_ATTEMPTS, EVENTS_RETRY_BASE_MS } = config();
    const reason = describe(failures[0].error).slice(0, 2000);
    if (batch.attempts < EVENTS_MAX_ATTEMPTS) {
      const delay = Math.min(RETRY_MAX_MS, EVENTS_RETRY_BASE_MS * 2 ** (batch.attempts - 1));
      await writeStatement(
        `UPDATE "Batch" SET "claimedBy" = NULL, "claimedUntil" = NULL, "nextAttemptAt" = ?ts, "lastError" = ? WHERE "id" = ? AND "claimedBy" = ?`,
        [new Date(now.getTime() + delay), reason, batch.id, workerId],
      );
      return;
    }
    console.warn(`[batches] batch ${batch.id}: ${failures.length} item(s) failed after ${batch.attempts} attempts: ${reason}`);
    const gaveUp = problemOutcome(new ApiProblem("internal", `The item could not be processed after ${batch.attempts} attempts`));
    for (const { item } of failures) await writeStatement(FINISH_ITEM, finishParams(item, workerId, gaveUp, now));
  }
  await writeStatement(
    `UPDATE "Batch" SET "status" = 'finished', "endedAt" = ?ts, "claimedBy" = NULL, "claimedUntil" = NULL, "lastError" = NULL
     WHERE "id" = ? AND "claimedBy" = ? AND NOT EXISTS (SELECT 1 FROM "BatchItem" WHERE "batchId" = ? AND "status" = 'pending')`,
    [now, batch.id, workerId, batch.id],
  );
}

/** Processes the pending items of the claimed batches, then finishes (or reschedules) each batch. */
export async function processBatches(workerId: string, batches: ClaimedBatch[]): Promise<{ items: number }> {
  if (batches.length === 0) return { items: 0 };
  const byId = new Map(batches.map((b) => [b.id, b]));
  const items = await sqlReader().all<BatchItemRow>(
    `SELECT "id", "batchId", "position", "request" FROM "BatchItem" WHERE "batchId" IN (${batches.map(() => "?").join(", ")}) AND "status" = 'pending'
     ORDER BY "batchId", "position"`,
    batches.map((b) => b.id),
  );
  // Items sharing a key (a contact's identifier, a product id) wait for the one sent before them.
  const last = new Map<string, Promise<unknown>>();
  const results = await Promise.all(
    items.map((item) => {
      const batch = byId.get(item.batchId)!;
      let work: ReturnType<typeof itemWork> | undefined;
      let invalid: unknown;
      try {
        work = itemWork(batch, item);
      } catch (error) {
        invalid = error;
      }
      const keys = work?.keys.map((k) => `${batch.brandId}\u0000${k}`) ?? [];
      const before = keys.flatMap((k) => last.get(k) ?? []);
      const run = work ? runItem(batch, item, workerId, work) : () => Promise.reject(invalid);
      const result = Promise.all(before).then(() => processItem(batch, item, workerId, run));
      for (const k of keys) last.set(k, result);
      return result;
    }),
  );
  const perBatch = new Map<string, ItemResult[]>(batches.map((b) => [b.id, []]));
  for (const r of results) perBatch.get(r.item.batchId)!.push(r);
  for (const batch of batches) await settle(batch, workerId, perBatch.get(batch.id)!);
  return { items: items.length };
}
