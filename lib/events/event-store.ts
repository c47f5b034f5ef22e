// The events inbox writer: every accepted event is committed here before POST /api/events answers 202.
// Group commit: events that arrive together are written in one transaction (one fsync), and each
// request's promise settles only after that transaction committed, or failed (then no 202 is sent).
// The raw drivers (better-sqlite3, pg) are used instead of Prisma because Prisma's per-call overhead
// is the bottleneck at thousands of events per second; the table itself is the Prisma model EventInbox.
// On SQLite the commit runs on a worker thread (./sqlite-writer.ts) so its fsync does not block the
// event loop.
import type { Pool } from "pg";
import { databaseKind, resolveDatabaseUrl, sqliteFilePath } from "@/lib/db-url";
import { rawDb, sqliteTime, type RawDb } from "@/lib/raw-db";
import { SqliteWriterThread, type SqliteValue } from "./sqlite-writer";
import { rawSqliteWrite } from "./write-turns";

export type InboxRow = {
  id: string;
  brandId: string;
  eventName: string;
  eventVersion: string | null;
  origin: string;
  originInIdentity: boolean;
  eventID: string | null;
  eventTime: Date;
  receivedAt: Date;
  historical: boolean;
  payload: string;
};

type Backend = { insert(rows: InboxRow[]): Promise<void> };

const COLUMNS = ["id", "brandId", "eventName", "eventVersion", "origin", "originInIdentity", "eventID", "eventTime", "receivedAt", "historical", "payload", "status", "attempts", "nextAttemptAt"];
const COLUMN_LIST = COLUMNS.map((c) => `"${c}"`).join(", ");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sqliteBackend(file: string): Backend {
  const writer = new SqliteWriterThread({
    file,
    sql: `INSERT INTO "EventInbox" (${COLUMN_LIST}) VALUES (${COLUMNS.map(() => "?").join(", ")})`,
    columns: COLUMNS.length,
    // FULL: the WAL is fsynced at every commit, so an accepted event survives a power loss, not only a crash.
    synchronous: process.env.EVENTS_SQLITE_SYNCHRONOUS === "normal" ? "NORMAL" : "FULL",
  });
  return {
    async insert(rows) {
      const values: SqliteValue[] = [];
      for (const r of rows) {
        const received = sqliteTime(r.receivedAt);
        const eventTime = r.eventTime === r.receivedAt ? received : sqliteTime(r.eventTime);
        values.push(r.id, r.brandId, r.eventName, r.eventVersion, r.origin, r.originInIdentity ? 1 : 0, r.eventID, eventTime, received, r.historical ? 1 : 0, r.payload, "pending", 0, received);
      }
      await rawSqliteWrite(() => writer.insert(values));
    },
  };
}

function postgresBackend(pool: Pool): Backend {
  return {
    async insert(rows) {
      const values: unknown[] = [];
      const tuples = rows.map((r) => {
        const received = r.receivedAt.toISOString();
        const start = values.length;
        values.push(r.id, r.brandId, r.eventName, r.eventVersion, r.origin, r.originInIdentity, r.eventID, r.eventTime.toISOString(), received, r.historical, r.payload, "pending", 0, received);
        return `(${COLUMNS.map((_, i) => `$${start + i + 1}`).join(", ")})`;
      });
      // One statement is one implicit transaction: all rows commit together or none does.
      await pool.query(`INSERT INTO "EventInbox" (${COLUMN_LIST}) VALUES ${tuples.join(", ")}`, values);
    },
  };
}

type Waiting = { row: InboxRow; resolve: () => void; reject: (error: unknown) => void };

export class GroupCommit {
  private queue: Waiting[] = [];
  private scheduled = false;
  private inFlight = 0;
  private stats = { batches: 0, events: 0 };

  constructor(
    private readonly backend: Promise<Backend>,
    private readonly options: { maxBatch: number; windowMs: number; maxInFlight: number },
  ) {}

  append(row: InboxRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (this.queue.length >= this.options.maxBatch && this.inFlight < this.options.maxInFlight) void this.flush();
      else this.schedule();
    });
  }

  get counters() {
    return { ...this.stats };
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      void this.flush();
    };
    // Window 0 still batches: everything that arrived in this turn of the event loop goes together.
    if (this.options.windowMs > 0) setTimeout(run, this.options.windowMs);
    else setImmediate(run);
  }

  private async flush(): Promise<void> {
    if (this.queue.length === 0 || this.inFlight >= this.options.maxInFlight) return;
    const batch = this.queue.splice(0, this.options.maxBatch);
    this.inFlight++;
    try {
      await (await this.backend).insert(batch.map((w) => w.row));
      this.stats.batches++;
      this.stats.events += batch.length;
      for (const w of batch) w.resolve();
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      this.inFlight--;
      if (this.queue.length > 0) this.schedule();
    }
  }

  /** Resolves once every appended event is committed (or failed). */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight > 0) await sleep(5);
  }
}

function createStore(): GroupCommit {
  const url = resolveDatabaseUrl();
  const postgres = databaseKind(url) === "postgres";
  const backend = postgres
    ? rawDb().then((raw) => postgresBackend((raw as Extract<RawDb, { kind: "postgres" }>).pool))
    : Promise.resolve(sqliteBackend(sqliteFilePath(url)));
  return new GroupCommit(backend, {
    maxBatch: Number(process.env.EVENTS_MAX_BATCH ?? 500),
    windowMs: Number(process.env.EVENTS_BATCH_WINDOW_MS ?? 0),
    // SQLite has one writer; PostgreSQL commits several batches in parallel.
    maxInFlight: postgres ? Number(process.env.EVENTS_PG_POOL_SIZE ?? 4) : 1,
  });
}

// One store per process: the custom server (tsx) and Next's bundle each load this module, and must
// share one connection and one queue.
const globalStore = globalThis as unknown as { inkwellEventStore?: GroupCommit };

export function eventStore(): GroupCommit {
  globalStore.inkwellEventStore ??= createStore();
  return globalStore.inkwellEventStore;
}
