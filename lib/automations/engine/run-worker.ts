// The automations job, beside the events and batch jobs (lib/process/workers.ts: the server's
// worker thread and every `npm run worker`): due enrollments first, then due trigger timers, then
// pending webhooks; it rests AUTOMATIONS_WORKER_IDLE_MS when nothing was due (the events worker wakes
// it when it writes enrollments). Any number of workers share one database: everything is claimed with a lease.
import { performance } from "node:perf_hooks";
import { config } from "@/lib/config";
import { sqlReader } from "@/lib/db/sql";
import type { JobDefinition } from "@/lib/jobs/definition";
import { arrivals } from "@/lib/events/arrivals";
import { claimEnrollments, runEnrollments } from "./run-enrollments";
import { claimSchedules, runSchedule } from "./schedules";
import { claimWebhooks, sendWebhookRun } from "./webhooks";
import { automationsWake } from "./wake";

const WEBHOOK_CONCURRENCY = 8;

export type AutomationWorkerOptions = { workerId: string; batchSize?: number; idleMs?: number; leaseMs?: number; clock?: () => Date };

/**
 * What is due, read first (index lookups on the reader): a claim is a write, and an idle worker's writes
 * would take the database's write lock from the events inbox several times a second for nothing.
 * ORDER BY "dueAt" makes the probe walk the dueAt index from its start: without it a cost-based planner,
 * with no statistics yet on a table that grew during the run, read the whole table (its waiting rows,
 * rewritten by trigger events, and their dead versions) on every wake-up: ~5 ms, 5% of bench:automations'
 * database time (docs/performance.md).
 */
async function dueWork(now: Date): Promise<{ enrollments: boolean; schedules: boolean; webhooks: boolean }> {
  const reader = sqlReader();
  const [enrollments, schedules, webhooks] = await Promise.all([
    reader.all(
      `SELECT 1 FROM "AutomationEnrollment" WHERE "dueAt" <= ?ts AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts) ORDER BY "dueAt" LIMIT 1`,
      [now, now],
    ),
    reader.all(`SELECT 1 FROM "AutomationSchedule" WHERE "nextRunAt" <= ?ts AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts) LIMIT 1`, [
      now,
      now,
    ]),
    reader.all(`SELECT 1 FROM "AutomationBlockRun" WHERE "status" = 'pending' AND "nextAttemptAt" <= ?ts LIMIT 1`, [now]),
  ]);
  return { enrollments: enrollments.length > 0, schedules: schedules.length > 0, webhooks: webhooks.length > 0 };
}

/** One pass: what was due is done; returns how much there was. */
export async function automationsPass(
  options: Required<AutomationWorkerOptions>,
): Promise<{ enrollments: number; schedules: number; webhooks: number }> {
  const { workerId, batchSize, leaseMs, clock } = options;
  const now = clock();
  const work = await dueWork(now);
  const due = work.enrollments ? await claimEnrollments(workerId, batchSize, leaseMs, now) : [];
  if (due.length > 0) await runEnrollments(workerId, due, now);
  const schedules = work.schedules ? await claimSchedules(workerId, 4, leaseMs, clock()) : [];
  for (const s of schedules) {
    try {
      await runSchedule(workerId, s, clock());
    } catch (error) {
      console.error(`[automations] trigger timer of ${s.automationId} failed`, error);
    }
  }
  // Steps run just now may have left webhooks to send.
  const webhooks = work.webhooks || due.length > 0 ? await claimWebhooks(workerId, WEBHOOK_CONCURRENCY * 4, leaseMs, clock()) : [];
  for (let i = 0; i < webhooks.length; i += WEBHOOK_CONCURRENCY) {
    await Promise.all(
      webhooks
        .slice(i, i + WEBHOOK_CONCURRENCY)
        .map((run) =>
          sendWebhookRun(workerId, run).catch((error) =>
            console.error(`[automations] webhook ${run.enrollmentId}:${run.blockId} failed`, error),
          ),
        ),
    );
  }
  return { enrollments: due.length, schedules: schedules.length, webhooks: webhooks.length };
}

/**
 * The automations job (lib/jobs/runner.ts): each turn is one pass over what is due (enrollments, trigger
 * timers, webhooks), claimed inside the pass; it rests AUTOMATIONS_WORKER_IDLE_MS when the pass found less
 * than a full batch (the events job wakes it when it writes enrollments).
 */
export function automationsJob(options: Omit<AutomationWorkerOptions, "workerId"> = {}): JobDefinition<Date> {
  const settings = config();
  const batchSize = options.batchSize ?? settings.AUTOMATIONS_WORKER_BATCH;
  const leaseMs = options.leaseMs ?? settings.EVENTS_CLAIM_LEASE_MS;
  const clock = options.clock ?? (() => new Date());
  return {
    name: "automations",
    batchSize,
    leaseMs,
    idleMs: options.idleMs ?? settings.AUTOMATIONS_WORKER_IDLE_MS,
    wake: automationsWake,
    // The pass claims its own kinds of work; the turn's one item is the pass's start.
    claim: async () => [clock()],
    async run(_turn, { workerId }) {
      const arrivedBefore = arrivals();
      const loopBefore = performance.eventLoopUtilization();
      const done = await automationsPass({ workerId, batchSize, leaseMs, idleMs: 0, clock });
      const busyMs = performance.eventLoopUtilization(loopBefore).active;
      // Requests first, as the events job does: while events arrive, rest as long as the pass was busy.
      return {
        ms: arrivals() !== arrivedBefore ? busyMs : 0,
        idle: done.enrollments < batchSize && done.webhooks === 0 && done.schedules === 0,
      };
    },
  };
}
