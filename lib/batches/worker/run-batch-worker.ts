// The batch worker loop, beside the events worker's (started and stopped with it, same worker id and
// lease): claim up to BATCHES_WORKER_CONCURRENCY batches, process their items, repeat; between polls it
// sleeps EVENTS_WORKER_IDLE_MS, or less when this process creates a batch (wake.ts).
import { config } from "@/lib/config";
import { sleepUntilWoken } from "../wake";
import { claimBatches } from "./claim-batches";
import { processBatches } from "./process-batches";

export function startBatchWorker(options: { workerId: string; idleMs: number; leaseMs: number }): { stop: () => Promise<void> } {
  const { workerId, idleMs, leaseMs } = options;
  const settings = config();
  const debug = settings.EVENTS_DEBUG === "on";
  let running = true;

  const loop = (async () => {
    while (running) {
      try {
        const batches = await claimBatches(workerId, settings.BATCHES_WORKER_CONCURRENCY, leaseMs);
        if (batches.length === 0) {
          await sleepUntilWoken(idleMs);
          continue;
        }
        const started = Date.now();
        const { items } = await processBatches(workerId, batches);
        if (debug) console.log(`[batches] ${batches.length} batch(es), ${items} item(s) in ${Date.now() - started} ms`);
      } catch (error) {
        console.error("[batches] worker turn failed", error);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  })();

  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}
