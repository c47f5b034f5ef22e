// The events job (lib/jobs/runner.ts): claim a batch of the inbox, process it, rest briefly when the inbox
// is empty. Runs on the server's worker thread (lib/process/worker-thread.ts, unless INKWELL_WORKER=off) and
// in `npm run worker`, beside the process's other jobs (lib/process/workers.ts); any number of workers can
// share one database.
import { performance } from "node:perf_hooks";
import { config } from "@/lib/config";
import { needsSingleWriterThread } from "@/lib/db/capabilities";
import { takeStatementTimes, timeStatements } from "@/lib/db/statement-timing";
import type { JobDefinition } from "@/lib/jobs/definition";
import { arrivals } from "../arrivals";
import { claimEvents, type ClaimedEvent } from "./claim-events";
import { processBatch } from "./process-batch";

/** With EVENTS_DEBUG=on: the database time of this thread per statement and event processed, every so often. */
const STATEMENT_LOG_MS = 5_000;

function statementLog(): (events: number) => void {
  timeStatements(true);
  let processed = 0;
  let since = Date.now();
  return (events) => {
    processed += events;
    if (Date.now() - since < STATEMENT_LOG_MS || processed === 0) return;
    const lines = takeStatementTimes()
      .slice(0, 14)
      .map((t) => `  ${((1000 * t.ms) / processed).toFixed(1).padStart(6)} µs/event ${String(t.count).padStart(6)}x  ${t.statement}`);
    console.log(`[events] database time on this thread over ${processed} events processed:\n${lines.join("\n")}`);
    processed = 0;
    since = Date.now();
  };
}

/**
 * Events per transaction while events arrive: ~2.5 ms of this thread each on this machine, the longest an
 * accepted event's inbox commit waits for the worker. bench:events (one-writer engine, h-espeed2): 50 → 8,589/s,
 * 25 → 9,722/s, 10 → 8,004/s (commits dearer than the wait saved; 150 was worse still, docs/performance.md).
 */
const COMMIT_CHUNK_WHILE_ARRIVING = 25;

/**
 * Events claimed at once while events arrive on a one-writer engine: the claim and the contacts' lookup of a
 * batch run without a break on this thread, and the inbox commits wait behind them. bench:events (one-writer engine,
 * 2026-11-30, alternated in one session): 300 → 0.28-0.33 of the bare baseline, p99 40-59 ms; 150 → 0.32-0.49 (mean 0.37),
 * p99 38-55 ms, end to end the same (100: 0.25-0.43, end to end -15%: a batch's fixed cost paid more often).
 */
const CLAIM_WHILE_ARRIVING = 150;

export function eventsJob(options: { batchSize?: number; idleMs?: number; leaseMs?: number } = {}): JobDefinition<ClaimedEvent> {
  const settings = config();
  const debug = settings.EVENTS_DEBUG === "on";
  const sharedWriter = needsSingleWriterThread();
  let arrivalsSeen = arrivals();
  // The limit of the last claim: a batch that filled it leaves more to claim at once.
  let claimed = 0;
  const logStatements = debug ? statementLog() : null;
  return {
    name: "events",
    batchSize: options.batchSize ?? settings.EVENTS_WORKER_BATCH,
    leaseMs: options.leaseMs ?? settings.EVENTS_CLAIM_LEASE_MS,
    idleMs: options.idleMs ?? settings.EVENTS_WORKER_IDLE_MS,
    backoff: { maxMs: 10_000 },
    async claim({ workerId, limit, leaseMs }) {
      const started = Date.now();
      claimed = sharedWriter && arrivals() !== arrivalsSeen ? Math.min(limit, CLAIM_WHILE_ARRIVING) : limit;
      const events = await claimEvents(workerId, claimed, leaseMs);
      if (debug && events.length) console.log(`[events] claim ${events.length} in ${Date.now() - started} ms`);
      return events;
    },
    async run(events, { workerId }) {
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
      logStatements?.(events.length);
      if (debug) console.log(`[events] batch of ${events.length} in ${Date.now() - started} ms (${Math.round(busyMs)} ms busy)`);
      // Requests come first: while the server is accepting events (lib/events/arrivals.ts), the worker
      // rests as long as its batch kept this thread busy, so it takes at most about half of a core and
      // the request thread and the inbox keep theirs. A partial batch means the inbox is drained (the
      // runner then rests the idle time): events accumulate rather than paying a batch's fixed cost per event.
      return { ms: arrivals() !== arrivedBefore ? busyMs : 0, idle: events.length < claimed };
    },
  };
}
