// Group commit for SQLite write transactions. SQLite has one writer, and what a small transaction
// costs is mostly its commit: the WAL frames of every page it touched (new rows of time-ordered ids
// land on the same rightmost pages) and, every ~1,000 frames, a checkpoint with two fsyncs. So the
// transactions that are waiting together run as one database transaction, each inside its own
// SAVEPOINT: a transaction that throws is rolled back to its savepoint alone and gets its error, the
// others commit together. Each caller's promise settles only after that COMMIT (or its failure).
// Work queued in one turn of the event loop (concurrent requests read in the same poll phase) is
// started together on the next (setImmediate), so a lone request waits for no timer. Work must not
// start another write transaction itself: it would wait for the batch that is waiting for it.
import type BetterSqlite3 from "better-sqlite3";
import { writeTurn } from "@/lib/events/write-turns";
import type { SqlRunner } from "./raw-sql";

type Waiting = { work: (tx: SqlRunner) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

// A batch runs synchronously apart from microtasks: bounded, and the event loop gets a turn between
// batches, so a burst of writes (the events worker's) cannot hold up request handling for long.
const MAX_BATCH = 64;
/** How long a batch keeps retrying BEGIN while another process holds the write lock. */
const BUSY_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED";
}

export class SqliteGroupCommit {
  private queue: Waiting[] = [];
  private draining = false;

  constructor(private readonly connection: BetterSqlite3.Database, private readonly runner: SqlRunner) {}

  run<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        await this.commitBatch(this.queue.splice(0, MAX_BATCH));
        if (this.queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.draining = false;
    }
  }

  private async commitBatch(batch: Waiting[]): Promise<void> {
    const started = Date.now();
    for (;;) {
      try {
        const outcomes = await writeTurn(() => this.runBatch(batch));
        outcomes.forEach((outcome, i) => (outcome.ok ? batch[i].resolve(outcome.value) : batch[i].reject(outcome.error)));
        return;
      } catch (error) {
        // BEGIN found the database locked by another process: nothing ran yet, try the batch again.
        if (isBusy(error) && Date.now() - started < BUSY_TIMEOUT_MS) {
          await sleep(1 + Math.random() * 4);
          continue;
        }
        for (const w of batch) w.reject(error);
        return;
      }
    }
  }

  private async runBatch(batch: Waiting[]): Promise<({ ok: true; value: unknown } | { ok: false; error: unknown })[]> {
    const db = this.connection;
    db.exec("BEGIN IMMEDIATE");
    try {
      const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
      for (const w of batch) {
        db.exec("SAVEPOINT work");
        try {
          outcomes.push({ ok: true, value: await w.work(this.runner) });
          db.exec("RELEASE work");
        } catch (error) {
          // Some errors (disk full, I/O) roll the whole transaction back: then the batch fails with them.
          if (!db.inTransaction) throw error;
          db.exec("ROLLBACK TO work");
          db.exec("RELEASE work");
          outcomes.push({ ok: false, error });
        }
      }
      db.exec("COMMIT");
      return outcomes;
    } catch (error) {
      if (db.inTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }
}
