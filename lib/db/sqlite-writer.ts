// The one writer of a SQLite file in this process. SQLite has one writer at a time; every write of the
// process goes through this connection: raw write transactions (group-committed, below), and Prisma's
// writes and transactions (prisma-sqlite.ts), each in its turn of one FIFO queue. A turn holds the
// connection alone, so a transaction never sees another's statements in the middle of it, and nothing
// in this process ever waits on SQLite's lock with a blocking busy timeout (which would stop the event
// loop, and with it whoever holds the lock here). Another process holding the lock is waited for
// asynchronously.
//
// Group commit: what a small transaction costs is mostly its commit (the WAL frames of every page it
// touched). So raw transactions waiting together run as one database transaction, each inside its own
// SAVEPOINT: one that throws is rolled back to its savepoint alone and gets its error, the others
// commit together. Work queued in one turn of the event loop is started together on the next
// (setImmediate), so a lone request waits for no timer. Work must not start another write (a raw
// transaction or a Prisma write) itself: it would wait for the batch that is waiting for it, so such a
// write throws at once instead (write-scope.ts).
import type BetterSqlite3 from "better-sqlite3";
import { isBusy } from "./errors";
import { sqliteRunner, type SqlRunner } from "./runner";
import { timed } from "./statement-timing";
import { segment, segmentsOn, stamp } from "./segment-timing";
import type { WalSync } from "./wal-sync";

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
type Waiting = {
  work: (tx: SqlRunner) => Promise<unknown>;
  durable: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export type WriteOptions = {
  /**
   * PostgreSQL: run the whole transaction again (a few times) when the database undid it for a conflict
   * with another writer (a deadlock between two writers of the same rows taken in another order, a
   * serialization failure). Only for work that is safe to run again: its transaction's statements and
   * nothing else. SQLite has one writer and no such conflict.
   */
  retryConflicts?: boolean;
  /**
   * Acknowledge only once the commit is on stable storage (survives a power loss, not only a crash), as
   * far as the configuration asks (sql.ts: EVENTS_SQLITE_SYNCHRONOUS=normal settles for a crash).
   */
  durable?: boolean;
  /**
   * A request is waiting for this commit (an accepted event's): it runs in the next batch, ahead of
   * queued background work (the events worker queues hundreds of contact upserts at once).
   */
  urgent?: boolean;
};

// A batch runs synchronously apart from microtasks: bounded, and the event loop gets a turn between
// batches, so a burst of writes cannot hold up request handling for long.
const MAX_BATCH = 64;
/** How long a write keeps retrying while another process holds the write lock. */
const BUSY_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Transaction control as prepared statements: parsed once, not at every use as exec() would. */
function controlStatements(db: BetterSqlite3.Database) {
  const statement = (sql: string) => {
    const prepared = db.prepare(sql);
    return () => void timed(sql, () => prepared.run());
  };
  return {
    begin: statement("BEGIN IMMEDIATE"),
    commit: statement("COMMIT"),
    rollback: statement("ROLLBACK"),
    savepoint: statement("SAVEPOINT work"),
    release: statement("RELEASE work"),
    rollbackToSavepoint: statement("ROLLBACK TO work"),
  };
}

export class SqliteWriter {
  readonly runner: SqlRunner;
  private readonly control: ReturnType<typeof controlStatements>;
  private tail: Promise<void> = Promise.resolve();
  private queue: Waiting[] = [];
  private urgent: Waiting[] = [];
  private draining = false;
  private stats = { batches: 0, transactions: 0 };

  constructor(
    readonly connection: BetterSqlite3.Database,
    private readonly walSync: WalSync | null,
  ) {
    this.runner = sqliteRunner(connection);
    this.control = controlStatements(connection);
  }

  get counters() {
    return { ...this.stats, ...this.walSync?.counters };
  }

  /** Runs `fn` alone on the writer connection, after every turn queued before it. */
  async turn<T>(fn: () => Promise<T> | T): Promise<T> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /** Takes a turn and keeps it until `release` is called (Prisma's interactive transactions). */
  async acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const acquired = new Promise<void>((resolve) => void this.turn(() => (resolve(), held)));
    await acquired;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  }

  /** Retries `fn` while another process holds the write lock (call it inside a turn). */
  async retryWhileBusy<T>(fn: () => T | Promise<T>): Promise<T> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (error) {
        if (!isBusy(error) || Date.now() - started > BUSY_TIMEOUT_MS) throw error;
        await sleep(Math.min(1 + attempt, 5) * (0.5 + Math.random()));
      }
    }
  }

  /** BEGIN IMMEDIATE: takes the database's write lock up front, waiting for another process's. */
  beginImmediate(): Promise<void> {
    return this.retryWhileBusy(this.control.begin);
  }

  /** Runs `work` in a write transaction, group-committed with the others waiting (see above). */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>, options: WriteOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      (options.urgent ? this.urgent : this.queue).push({
        work,
        durable: options.durable ?? false,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (!this.draining) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      let urgentTurn = true;
      while (this.queue.length > 0 || this.urgent.length > 0) {
        // Urgent and background batches take turns while both wait, so neither starves the other.
        const fromUrgent: boolean = this.urgent.length > 0 && (urgentTurn || this.queue.length === 0);
        urgentTurn = !fromUrgent;
        const batch = (fromUrgent ? this.urgent : this.queue).splice(0, MAX_BATCH);
        let outcomes: Outcome[];
        const t0 = segmentsOn() ? stamp() : 0;
        try {
          outcomes = await this.turn(() => this.runBatch(batch));
          if (t0) {
            segment(`W: writer ${fromUrgent ? "urgent" : "background"} batch (turn wait + run)`, stamp() - t0);
            if (!fromUrgent) segment("W: background batch size", batch.length);
          }
        } catch (error) {
          for (const w of batch) w.reject(error);
          continue;
        }
        this.stats.batches++;
        this.stats.transactions += batch.length;
        const durable = batch.some((w) => w.durable) && this.walSync ? this.walSync.sync() : null;
        if (durable && t0) {
          const t1 = stamp();
          durable.then(
            () => segment("W: fsync (sync() -> settled)", stamp() - t1),
            () => {}, // its callers get the error (below)
          );
        }
        batch.forEach((w, i) => {
          const outcome = outcomes[i];
          if (!outcome.ok) return w.reject(outcome.error);
          // The next batch starts while this one's fsync runs; its durable callers settle after it.
          if (w.durable && durable) durable.then(() => w.resolve(outcome.value), w.reject);
          else w.resolve(outcome.value);
        });
        if (this.queue.length > 0 || this.urgent.length > 0) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.draining = false;
    }
  }

  private async runBatch(batch: Waiting[]): Promise<Outcome[]> {
    const db = this.connection;
    const { commit, rollback, savepoint, release, rollbackToSavepoint } = this.control;
    await this.beginImmediate();
    try {
      const outcomes: Outcome[] = [];
      if (batch.length === 1) {
        // Alone in its transaction: a failure rolls the transaction back, no savepoint needed.
        try {
          outcomes.push({ ok: true, value: await batch[0].work(this.runner) });
        } catch (error) {
          if (db.inTransaction) rollback();
          return [{ ok: false, error }];
        }
      } else {
        for (const w of batch) {
          savepoint();
          try {
            outcomes.push({ ok: true, value: await w.work(this.runner) });
            release();
          } catch (error) {
            // Some errors (disk full, I/O) roll the whole transaction back: then the batch fails with them.
            if (!db.inTransaction) throw error;
            rollbackToSavepoint();
            release();
            outcomes.push({ ok: false, error });
          }
        }
      }
      commit();
      return outcomes;
    } catch (error) {
      if (db.inTransaction) rollback();
      throw error;
    }
  }
}
