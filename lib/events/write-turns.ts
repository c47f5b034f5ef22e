// SQLite has one writer. In one process, the ingest path (raw driver, synchronous), the contact writes
// (lib/sql group commit) and the events worker (Prisma transactions that hold the write lock across
// awaits) take turns through this FIFO queue instead of polling for the lock, so a busy worker cannot
// starve ingestion and an accepted event waits for at most one worker step. PostgreSQL needs no turns (no-op).
import { databaseKind, resolveDatabaseUrl } from "@/lib/db-url";

type Turns = { tail: Promise<void> };
const shared = globalThis as unknown as { inkwellWriteTurns?: Turns };
const serialize = databaseKind(resolveDatabaseUrl()) === "sqlite";

export async function writeTurn<T>(work: () => Promise<T> | T): Promise<T> {
  if (!serialize) return work();
  const turns = (shared.inkwellWriteTurns ??= { tail: Promise.resolve() });
  const previous = turns.tail;
  let release!: () => void;
  turns.tail = new Promise<void>((resolve) => (release = resolve));
  await previous;
  try {
    return await work();
  } finally {
    release();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A synchronous write on the raw better-sqlite3 connection (busy timeout 0, see lib/raw-db.ts), in its
 * turn, retried while another connection (Prisma's, another process) holds SQLite's write lock.
 */
export async function rawSqliteWrite<T>(work: () => T): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await writeTurn(work);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code !== "SQLITE_BUSY" && code !== "SQLITE_LOCKED") || attempt >= 2000) throw error;
      await sleep(Math.min(1 + attempt, 5));
    }
  }
}
