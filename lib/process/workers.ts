// The queue workers a process runs when INKWELL_WORKER is on (in the server) or as `npm run worker`:
// the events worker, the batch worker, the delivery worker, the campaign worker and the automations worker, side
// by side under one worker id (claims and leases name it), and the refresh of segments' kept sizes (claimed per segment,
// lib/segments/segment-counts.ts).
import { randomBytes } from "node:crypto";
import os from "node:os";
import { startAutomationWorker } from "@/lib/automations/engine/run-worker";
import { startBatchWorker } from "@/lib/batches/worker/run-batch-worker";
import { startCampaignWorker } from "@/lib/campaigns/run/campaign-worker";
import { config } from "@/lib/config";
import { startDeliveryWorker } from "@/lib/delivery/worker/run-delivery-worker";
import { closeProcessTransport } from "@/lib/delivery/transport/smtp";
import { startEventWorker } from "@/lib/events/worker/run-worker";
import { startSegmentCountRefresher } from "@/lib/segments/segment-counts";

export type Workers = { workerId: string; stop: () => Promise<void> };

export function startWorkers(): Workers {
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const settings = config();
  const events = startEventWorker({ workerId });
  const batches = startBatchWorker({ workerId, idleMs: settings.EVENTS_WORKER_IDLE_MS, leaseMs: settings.EVENTS_CLAIM_LEASE_MS });
  const segmentSizes = startSegmentCountRefresher();
  const delivery = startDeliveryWorker({ workerId, idleMs: settings.EVENTS_WORKER_IDLE_MS });
  const campaigns = startCampaignWorker({ workerId, idleMs: settings.EVENTS_WORKER_IDLE_MS, leaseMs: settings.EVENTS_CLAIM_LEASE_MS });
  const automations = startAutomationWorker({ workerId });
  return {
    workerId,
    async stop() {
      await Promise.all([events.stop(), batches.stop(), segmentSizes.stop(), delivery.stop(), campaigns.stop(), automations.stop()]);
      closeProcessTransport();
    },
  };
}
