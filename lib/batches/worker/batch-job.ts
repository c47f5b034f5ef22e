// The batch job (run by lib/jobs/runner.ts beside the events job, same worker id and lease): claim up to
// BATCHES_WORKER_CONCURRENCY batches, process their items; between claims it rests EVENTS_WORKER_IDLE_MS,
// or less when this process creates a batch (wake.ts).
import { config } from "@/lib/config";
import type { JobDefinition } from "@/lib/jobs/definition";
import { batchWake } from "../wake";
import { claimBatches, type ClaimedBatch } from "./claim-batches";
import { processBatches } from "./process-batches";

export function batchJob(options: { idleMs: number; leaseMs: number }): JobDefinition<ClaimedBatch> {
  const settings = config();
  const debug = settings.EVENTS_DEBUG === "on";
  return {
    name: "batches",
    batchSize: settings.BATCHES_WORKER_CONCURRENCY,
    leaseMs: options.leaseMs,
    idleMs: options.idleMs,
    wake: batchWake,
    claim: ({ workerId, limit, leaseMs }) => claimBatches(workerId, limit, leaseMs),
    async run(batches, { workerId }) {
      const started = Date.now();
      const { items } = await processBatches(workerId, batches);
      if (debug) console.log(`[batches] ${batches.length} batch(es), ${items} item(s) in ${Date.now() - started} ms`);
      // More may be waiting: claim again at once (the next empty claim rests).
      return { idle: false };
    },
  };
}
