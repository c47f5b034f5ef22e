// One runner for every background job of a process (lib/process/workers.ts): events, batches, delivery,
// campaigns, automations and the refresh of segment sizes are each a definition (lib/jobs/definition.ts)
// of what to claim and what to do with it; how a job loops, rests, is woken, backs off after a failure,
// keeps its claims' leases while it works, stops and counts its turns is written here once.
//
// A turn: claim up to the job's batch (under a lease naming this worker, so any number of workers share a
// database), run what was claimed, rest as the job asks (its idle time when nothing was due). A job with
// several batches in flight (delivery) claims the next while earlier ones run, and its leases are renewed
// every third of a lease while any is in flight, so only a dead worker's claims are ever taken again.
import type { JobDefinition, JobMetrics, Rest } from "./definition";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The rest after `failures` failed turns in a row: the job's base, doubling, at most its maximum. */
export function backoffMs(failures: number, baseMs: number, maxMs: number): number {
  if (failures <= 0) return 0;
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures - 1, 30));
}

type RunningJob = { definition: JobDefinition<unknown>; metrics: JobMetrics; loop: Promise<void> };

export type JobRunner = {
  workerId: string;
  /** Each job's counts since start (`npm run worker` logs them every minute with EVENTS_DEBUG=on). */
  metrics(): JobMetrics[];
  /** Stops claiming, wakes resting jobs, waits for the batches in flight. */
  stop(): Promise<void>;
};

export function startJobs<const Items extends readonly unknown[]>(
  workerId: string,
  definitions: { readonly [K in keyof Items]: JobDefinition<Items[K]> },
): JobRunner {
  let running = true;
  // Every rest ends at stop, whether or not its job has a wake signal (a rest may be half a minute).
  let stopNow: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stopNow = resolve));
  const jobs: RunningJob[] = (definitions as readonly JobDefinition<unknown>[]).map((definition) => {
    const metrics: JobMetrics = {
      name: definition.name,
      turns: 0,
      claimed: 0,
      failures: 0,
      failuresInARow: 0,
      lastError: null,
      lastTurnAt: null,
    };
    return { definition, metrics, loop: runJob(definition, metrics) };
  });

  async function rest(definition: JobDefinition<unknown>, ms: number): Promise<void> {
    if (!running || ms <= 0) return;
    await Promise.race([definition.wake ? definition.wake.sleep(ms) : sleep(ms), stopped]);
  }

  function fail(definition: JobDefinition<unknown>, metrics: JobMetrics, what: string, error: unknown): number {
    metrics.failures++;
    metrics.failuresInARow++;
    metrics.lastError = error instanceof Error ? error.message : String(error);
    console.error(`[${definition.name}] ${what} failed`, error);
    const { baseMs = 1_000, maxMs = 30_000 } = definition.backoff ?? {};
    return backoffMs(metrics.failuresInARow, baseMs, maxMs);
  }

  async function runJob(definition: JobDefinition<unknown>, metrics: JobMetrics): Promise<void> {
    const limit = Math.max(1, definition.inFlight ?? 1);
    const inFlight = new Set<Promise<void>>();
    // While batches run, their leases are renewed every third of a lease.
    let renewing = false;
    const renewer = definition.renewLeases
      ? setInterval(
          () => {
            if (renewing || inFlight.size === 0) return;
            renewing = true;
            definition.renewLeases!(workerId)
              .catch((error) => console.error(`[${definition.name}] renewing leases failed`, error))
              .finally(() => (renewing = false));
          },
          Math.max(100, Math.floor(definition.leaseMs / 3)),
        )
      : null;
    renewer?.unref();

    /** Runs claimed items; with one batch at a time it is awaited, else it joins those in flight. */
    const start = (items: unknown[]): Promise<Rest> => {
      let restAfter: Rest = {};
      const batch: Promise<void> = definition
        .run(items, { workerId })
        .then((result) => {
          restAfter = result ?? {};
          metrics.failuresInARow = 0;
        })
        .catch(async (error: unknown) => {
          restAfter = { ms: fail(definition, metrics, `a batch of ${items.length}`, error) };
          await definition.onFailure?.(items, error).catch((e: unknown) => console.error(`[${definition.name}] recovery failed`, e));
        })
        .finally(() => inFlight.delete(batch));
      inFlight.add(batch);
      return batch.then(() => restAfter);
    };

    while (running) {
      try {
        if (inFlight.size >= limit) {
          await Promise.race(inFlight);
          continue;
        }
        const items = await definition.claim({ workerId, limit: definition.batchSize, leaseMs: definition.leaseMs });
        metrics.turns++;
        metrics.lastTurnAt = new Date();
        metrics.claimed += items.length;
        if (items.length === 0) {
          if (inFlight.size > 0) await Promise.race(inFlight);
          else await rest(definition, definition.idleMs);
          continue;
        }
        const done = start(items);
        if (limit > 1) continue;
        const after = await done;
        await rest(definition, after.ms ?? 0);
        // A partial batch: what was due is done; let more accumulate rather than pay a turn per item.
        if (after.idle ?? items.length < definition.batchSize) await rest(definition, definition.idleMs);
      } catch (error) {
        await rest(definition, fail(definition, metrics, "a claim", error));
      }
    }
    await Promise.all(inFlight);
    if (renewer) clearInterval(renewer);
    await definition.onStop?.();
  }

  return {
    workerId,
    metrics: () => jobs.map((job) => ({ ...job.metrics })),
    async stop() {
      running = false;
      stopNow();
      for (const job of jobs) job.definition.wake?.wake();
      await Promise.all(jobs.map((job) => job.loop));
    },
  };
}
