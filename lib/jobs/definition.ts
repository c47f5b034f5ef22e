// What a background job declares (each domain's jobs/ or worker/ file), run by lib/jobs/runner.ts: what to
// claim, what to do with it, and how it rests. The claim itself stays the domain's (its own table, under a
// lease taken through lib/db/claims.ts); the loop around it is the runner's.

/** Something that cuts a job's rest short when work is created (lib/process/wake.ts). */
export type Wake = { sleep(ms: number): Promise<void>; wake(): void };

export type ClaimContext = { workerId: string; limit: number; leaseMs: number };
export type RunContext = { workerId: string };

/** How long to rest after a run: `ms` first, then the job's idle time when `idle` (default: a partial batch). */
export type Rest = { ms?: number; idle?: boolean };

export type JobDefinition<T> = {
  /** The job's name in logs and metrics. */
  name: string;
  /** Items due now, claimed for `workerId` under a lease of `leaseMs` (at most `limit`); [] when none. */
  claim(ctx: ClaimContext): Promise<T[]>;
  /** The claimed items' work. A throw counts as a failed turn: logged, `onFailure`, then a backoff. */
  run(items: T[], ctx: RunContext): Promise<Rest | void>;
  batchSize: number;
  leaseMs: number;
  /** The rest when nothing was due (cut short by `wake`). */
  idleMs: number;
  wake?: Wake;
  /** Batches run at once (default 1: a batch is finished before the next claim). */
  inFlight?: number;
  /** Extends the leases of what this worker holds; called every third of a lease while batches are in flight. */
  renewLeases?(workerId: string): Promise<void>;
  /** After failed turns in a row: `baseMs`, doubling, at most `maxMs` (default 1 s to 30 s). */
  backoff?: { baseMs?: number; maxMs?: number };
  /** What a failed batch leaves to put right (a campaign's step is rescheduled, say). */
  onFailure?(items: T[], error: unknown): Promise<void>;
  /** After the last batch, on stop. */
  onStop?(): Promise<void> | void;
};

export type JobMetrics = {
  name: string;
  turns: number;
  claimed: number;
  failures: number;
  failuresInARow: number;
  lastError: string | null;
  lastTurnAt: Date | null;
};
