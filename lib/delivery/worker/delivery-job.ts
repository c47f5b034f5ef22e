// The delivery job (run by lib/jobs/runner.ts beside the process's other jobs): claim a batch of due
// messages, render and send them, record the results. While one batch is being sent the next is claimed
// and rendered (two batches in flight at most), so the transport's connections stay busy; the runner
// renews the batches' leases while they are in flight. When the queue is empty it rests
// EVENTS_WORKER_IDLE_MS, or less when this process queues messages.
import { config } from "@/lib/config";
import type { JobDefinition } from "@/lib/jobs/definition";
import { shareRecipientIndependentCandidates } from "@/lib/products/recommend";
import { claimMessages, renewLeases, type ClaimedMessage } from "../queue/claim-messages";
import { deliveryWake } from "../queue/wake";
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

export function deliveryJob(options: { idleMs: number; transport?: Transport }): JobDefinition<ClaimedMessage> {
  const settings = config();
  const transport = options.transport ?? processTransport();
  const debug = settings.EVENTS_DEBUG === "on";
  // Recommendations that do not depend on the recipient are read once a minute, not once per message.
  shareRecipientIndependentCandidates(60_000);
  return {
    name: "delivery",
    batchSize: settings.DELIVERY_WORKER_BATCH,
    leaseMs: settings.DELIVERY_CLAIM_LEASE_MS,
    idleMs: options.idleMs,
    wake: deliveryWake,
    inFlight: MAX_BATCHES_IN_FLIGHT,
    claim: ({ workerId, limit, leaseMs }) => claimMessages(workerId, limit, leaseMs),
    async run(claimed, { workerId }) {
      const started = Date.now();
      const results = await deliverMessages(claimed, transport);
      await recordWithRetry(workerId, results, transport);
      if (debug) console.log(`[delivery] batch of ${claimed.length} in ${Date.now() - started} ms`);
    },
    // A batch may wait behind the one before it and then take as long as the mail server takes.
    renewLeases: (workerId) => renewLeases(workerId, settings.DELIVERY_CLAIM_LEASE_MS),
  };
}
