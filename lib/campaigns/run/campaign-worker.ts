// The campaign job, beside the events, batch and delivery jobs of a process (lib/process/workers.ts):
// it claims campaigns whose next step is due (a lease, like every queue of Inkwell: lib/db/claims.ts keeps
// two workers off the same rows on every engine), runs their steps, and sleeps until the next poll or a wake
// (a send in this process). A schedule is a row (nextRunAt), never a timer: a restart loses nothing, and of
// N instances exactly one runs each step.
import { skipLockedClause } from "@/lib/db/claims";
import { db } from "@/lib/db";
import { sqlReader, writeQuery } from "@/lib/db/sql";
import { dateValue } from "@/lib/db/values";
import type { JobDefinition } from "@/lib/jobs/definition";
import { campaignsPausedByPipeline } from "../delivery-port";
import { runStep } from "./steps";
import { campaignWake } from "./wake";

const RETRY_MS = 10_000;
/** How often a worker looks for campaigns the pipeline paused (a read of the few paused sources). */
const PAUSE_CHECK_MS = 1_000;

/**
 * Shows the pipeline's pause (bounce or complaint rate) on the campaign as it happens: `paused` with its
 * reason, whatever step the campaign is at. Only the finish step looked before, so a campaign paused during
 * its walk, an A/B test's wait for its decision or a personalized send's day said "started" until then. A
 * running step sees the status change at its next page and stops; resume goes on from where it stood.
 */
export async function showPipelinePauses(now = new Date()): Promise<number> {
  let shown = 0;
  for (const c of await campaignsPausedByPipeline()) {
    const { count } = await db.campaign.updateMany({
      where: { id: c.id, brandId: c.brandId, status: "started" },
      data: { status: "paused", statusReason: c.reason, updatedAt: now },
    });
    shown += count;
  }
  return shown;
}

export type ClaimedStep = { id: string; dueAt: Date };

export async function claimDueSteps(workerId: string, limit: number, leaseMs: number, now = new Date()): Promise<ClaimedStep[]> {
  // A read first: most polls find nothing due, and a claim is a write (which may wait for the database's write lock).
  const due = await sqlReader().all(
    `SELECT 1 FROM "Campaign" WHERE "nextRunAt" <= ?ts AND "status" IN ('scheduled', 'started') AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts) LIMIT 1`,
    [now, now],
  );
  if (due.length === 0) return [];
  const rows = await writeQuery<{ id: string; nextRunAt: unknown }>(
    `UPDATE "Campaign" SET "claimedBy" = ?, "claimedUntil" = ?ts
     WHERE "id" IN (
       SELECT "id" FROM "Campaign"
       WHERE "nextRunAt" <= ?ts AND "status" IN ('scheduled', 'started') AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts)
       ORDER BY "nextRunAt" LIMIT ? ${skipLockedClause()}
     )
     RETURNING "id", "nextRunAt"`,
    [workerId, new Date(now.getTime() + leaseMs), now, now, limit],
  );
  return rows.map((r) => ({ id: r.id, dueAt: dateValue(r.nextRunAt) }));
}

/** Runs a claimed step; a step that fails is tried again RETRY_MS later (the others of its turn go on). */
async function runClaimedStep(workerId: string, leaseMs: number, step: ClaimedStep): Promise<void> {
  try {
    await runStep({ workerId, leaseMs }, step.id, step.dueAt);
  } catch (error) {
    console.error(`[campaigns] step of campaign ${step.id} failed; retrying in ${RETRY_MS / 1000} s`, error);
    await db.campaign
      .updateMany({
        where: { id: step.id, status: { in: ["scheduled", "started"] } },
        data: { nextRunAt: new Date(Date.now() + RETRY_MS) },
      })
      .catch(() => {});
  }
}

/** The campaign job (lib/jobs/runner.ts): due steps, a few at a time; a send in this process wakes it. */
export function campaignJob(options: { idleMs: number; leaseMs: number; concurrency?: number }): JobDefinition<ClaimedStep> {
  let pausesCheckedAt = 0;
  return {
    name: "campaigns",
    batchSize: options.concurrency ?? 4,
    leaseMs: options.leaseMs,
    idleMs: options.idleMs,
    wake: campaignWake,
    async claim({ workerId, limit, leaseMs }) {
      if (Date.now() - pausesCheckedAt >= PAUSE_CHECK_MS) {
        pausesCheckedAt = Date.now();
        await showPipelinePauses();
      }
      return claimDueSteps(workerId, limit, leaseMs);
    },
    async run(steps, { workerId }) {
      await Promise.all(steps.map((step) => runClaimedStep(workerId, options.leaseMs, step)));
      // Steps just run may have made more due (a step's next part): claim again at once.
      return { idle: false };
    },
  };
}
