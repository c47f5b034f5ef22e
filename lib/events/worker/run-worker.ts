// The events worker loop: claim a batch, process it, repeat; poll briefly when the inbox is empty.
// Runs on the server's worker thread (lib/process/worker-thread.ts, unless INKWELL_WORKER=off) and as its own process
// (`npm run worker`), beside the batch worker (lib/process/workers.ts); any number of workers can share
// one database.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { config } from "@/lib/config";
import { needsSingleWriterThread } from "@/lib/db/capabilities";
import { arrivals } from "../arrivals";
import { claimEvents } from "./claim-events";
import { processBatch } from "./process-batch";

export type WorkerOptions = { batchSize?: number; idleMs?: number; leaseMs?: number; workerId?: string };

/** Events per transaction while events arrive: ~5 ms of the writer each on this machine (docs/performance.md). */
const COMMIT_CHUNK_WHILE_ARRIVING = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startEventWorker(options: WorkerOptions = {}): { workerId: string; stop: () => Promise<void> } {
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const settings = config();
  const batchSize = options.batchSize ?? settings.EVENTS_WORKER_BATCH;
  const idleMs = options.idleMs ?? settings.EVENTS_WORKER_IDLE_MS;
  const leaseMs = options.leaseMs ?? settings.EVENTS_CLAIM_LEASE_MS;
  const debug = settings.EVENTS_DEBUG === "on";
  let running = true;
  let arrivalsSeen = arrivals();
  const sharedWriter = needsSingleWriterThread();

  const loop = (async () => {
    while (running) {
      try {
        const claimStarted = Date.now();
        const events = await claimEvents(workerId, batchSize, leaseMs);
        if (debug && events.length) console.log(`[events] claim ${events.length} in ${Date.now() - claimStarted} ms`);
        if (events.length === 0) {
          await sleep(idleMs);
          continue;
        }
        const started = Date.now();
        const arrivedBefore = arrivals();
        const loopBefore = performance.eventLoopUtilization();
        // Events arrived since the last batch, and their inbox commits share this process's one writer
        // (needsSingleWriterThread): requests are waiting on it (see BatchOptions).
        const arriving = arrivedBefore !== arrivalsSeen && sharedWriter;
        arrivalsSeen = arrivedBefore;
        await processBatch(workerId, events, arriving ? { commitChunk: COMMIT_CHUNK_WHILE_ARRIVING } : {});
        // The CPU the batch took on this thread: time spent waiting for the database does not count.
        const busyMs = performance.eventLoopUtilization(loopBefore).active;
        if (debug) console.log(`[events] batch of ${events.length} in ${Date.now() - started} ms (${Math.round(busyMs)} ms busy)`);
        // Requests come first: while the server is accepting events (lib/events/arrivals.ts), the worker
        // rests as long as its batch kept this thread busy, so it takes at most about half of a core and
        // the request thread and the inbox keep theirs.
        if (arrivals() !== arrivedBefore) await sleep(busyMs);
        // A partial batch means the inbox is drained: let events accumulate rather than paying a batch's
        // fixed cost (claim, transaction, Prisma's per-query CPU on the shared event loop) per event.
        if (events.length < batchSize) await sleep(idleMs);
      } catch (error) {
        console.error("[events] worker batch failed", error);
        await sleep(1000);
      }
    }
  })();

  return {
    workerId,
    async stop() {
      running = false;
      await loop;
    },
  };
}
