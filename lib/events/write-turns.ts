// SQLite has one writer. In one process, the ingest path (raw driver, synchronous), the contact writes
// (lib/sql group commit) and the events worker (Prisma transactions that hold the write lock across
// awaits) take turns through this FIFO queue instead of polling for the lock, so a busy worker cannot starve ingestion and an accepted
// event waits for at most one worker step. PostgreSQL needs no turns (no-op).
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
