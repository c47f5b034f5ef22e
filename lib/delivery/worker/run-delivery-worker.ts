// The delivery worker loop, beside the events and batch workers (lib/process/workers.ts): claim a batch
// of due messages, render and send them, record the results; while one batch is being sent the next is
// claimed and rendered (two batches in flight at most), so the transport's connections stay busy. When
// the queue is empty it sleeps EVENTS_WORKER_IDLE_MS, or less when this process queues messages. While
// batches are in flight, their leases are renewed every third of a lease.
import { config } from "@/lib/config";
import { shareRecipientIndependentCandidates } from "@/lib/products/recommend";
import { claimMessages, renewLeases } from "../queue/claim-messages";
import { sleepUntilMessages } from "../queue/wake";
import { processTransport, type Transport } from "../transport/smtp";
import { deliverMessages, recordResults, type MessageResult } from "./process-messages";

const MAX_BATCHES_IN_FLIGHT = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records a batch's results, trying again a few times when the database fails (the claims would lapse and resend them). */
async function recordWithRetry(workerId: string, results: MessageResult[], transport: Transport): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await recordResults(workerId, results, transport.kind);
    } catch (error) {
      if (attempt >= 5) throw error;
      console.error(`[delivery] recording a batch failed (attempt ${attempt}); trying again`, error);
      await sleep(500 * attempt);
    }
  }
}

export function startDeliveryWorker(options: { workerId: string; idleMs: number; transport?: Transport }): { stop: () => Promise<void> } {
  const settings = config();
  const { workerId, idleMs } = options;
  const transport = options.transport ?? processTransport();
  const debug = settings.EVENTS_DEBUG === "on";
  // Recommendations that do not depend on the recipient are read once a minute, not once per message.
  shareRecipientIndependentCandidates(60_000);
  let running = true;
  const inFlight = new Set<Promise<void>>();

  const runBatch = (claimed: Awaited<ReturnType<typeof claimMessages>>) => {
    const started = Date.now();
    const batch: Promise<void> = deliverMessages(claimed, transport)
      .then((results) => recordWithRetry(workerId, results, transport))
      .then(() => {
        if (debug) console.log(`[delivery] batch of ${claimed.length} in ${Date.now() - started} ms`);
      })
      .catch((error) => console.error("[delivery] batch failed; its messages are taken again after their lease", error))
      .finally(() => inFlight.delete(batch));
    inFlight.add(batch);
  };

  // A batch may wait behind the one before it and then take as long as the mail server takes: its lease is
  // renewed while it is in flight, so only a dead worker's messages are ever taken again.
  let renewing = false;
  const renewer = setInterval(
    () => {
      if (renewing || inFlight.size === 0) return;
      renewing = true;
      renewLeases(workerId, settings.DELIVERY_CLAIM_LEASE_MS)
        .catch((error) => console.error("[delivery] renewing leases failed", error))
        .finally(() => (renewing = false));
    },
    Math.max(100, Math.floor(settings.DELIVERY_CLAIM_LEASE_MS / 3)),
  );
  renewer.unref();

  const loop = (async () => {
    while (running) {
      try {
        if (inFlight.size >= MAX_BATCHES_IN_FLIGHT) {
          await Promise.race(inFlight);
          continue;
        }
        const claimed = await claimMessages(workerId, settings.DELIVERY_WORKER_BATCH, settings.DELIVERY_CLAIM_LEASE_MS);
        if (claimed.length > 0) runBatch(claimed);
        else if (inFlight.size > 0) await Promise.race(inFlight);
        else await sleepUntilMessages(idleMs);
      } catch (error) {
        console.error("[delivery] worker turn failed", error);
        await sleep(1000);
      }
    }
    await Promise.all(inFlight);
    clearInterval(renewer);
  })();

  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}
