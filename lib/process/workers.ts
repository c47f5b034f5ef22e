// The background jobs a process runs when INKWELL_WORKER is on (in the server's worker thread) or as
// `npm run worker`: events, batches, delivery, campaigns, automations, the refresh of segments' kept
// sizes and mail that comes back (lib/inbound, and its IMAP poller when INBOUND_IMAP_URL is set), each a
// job definition run by the one job runner (lib/jobs/runner.ts) under one worker id (claims and leases
// name it).
import { randomBytes } from "node:crypto";
import os from "node:os";
import { automationsJob } from "@/lib/automations/engine/run-worker";
import { batchJob } from "@/lib/batches/worker/batch-job";
import { campaignJob } from "@/lib/campaigns/run/campaign-worker";
import { config } from "@/lib/config";
import { deliveryJob } from "@/lib/delivery/worker/delivery-job";
import { closeProcessTransport } from "@/lib/delivery/transport/smtp";
import { eventsJob } from "@/lib/events/worker/run-worker";
import { acceptFromMailbox } from "@/lib/inbound/imap/accept-from-mailbox";
import { imapPollJob } from "@/lib/inbound/imap/imap-job";
import { inboundJob } from "@/lib/inbound/inbound-job";
import { startJobs, type JobRunner } from "@/lib/jobs/runner";
import { segmentSizesJob } from "@/lib/segments/segment-counts";

export type Workers = { workerId: string; jobs: JobRunner; stop: () => Promise<void> };

export function startWorkers(): Workers {
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const settings = config();
  const idleMs = settings.EVENTS_WORKER_IDLE_MS;
  const leaseMs = settings.EVENTS_CLAIM_LEASE_MS;
  const jobs = startJobs(workerId, [
    eventsJob(),
    batchJob({ idleMs, leaseMs }),
    segmentSizesJob(),
    deliveryJob({ idleMs }),
    campaignJob({ idleMs, leaseMs }),
    automationsJob(),
    inboundJob({ idleMs }),
    // Every worker process may poll the mailbox: a message two of them take is stored once (onceId).
    ...(settings.INBOUND_IMAP_URL ? [imapPollJob({ handler: acceptFromMailbox })] : []),
  ]);
  return {
    workerId,
    jobs,
    async stop() {
      await jobs.stop();
      closeProcessTransport();
    },
  };
}
