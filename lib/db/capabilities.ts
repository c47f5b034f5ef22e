// What the engine this process runs on asks of the code that writes, by meaning rather than by name.
import { config } from "@/lib/config";
import { sqliteFilePath } from "./url";

/**
 * The database takes one writer at a time for the whole file (SQLite), so a process's threads commit
 * through one of them rather than fight over the lock: the server's worker thread commits the events
 * inbox for the request thread (lib/process/lifecycle.ts, lib/events/inbox-thread.ts). PostgreSQL has
 * no such lock to share: each thread commits on its own pool.
 */
export function needsSingleWriterThread(): boolean {
  return config().databaseKind === "sqlite";
}

/**
 * How many commits of a stream of appends (the events inbox) are worth running at once. SQLite: two, so
 * that a second batch commits while the first one's fsync runs. PostgreSQL: several batches in parallel,
 * leaving most of the pool to everything else.
 */
export function commitsInFlight(): number {
  const settings = config();
  return settings.databaseKind === "postgres" ? Math.max(1, Math.floor(settings.DATABASE_POOL_SIZE / 2)) : 2;
}

/**
 * Whether write transactions queued in one turn of the event loop commit as one (SQLite: this process's
 * writer runs them in one transaction, each in its own savepoint, lib/db/sqlite-writer.ts), so queueing
 * them together saves commits. PostgreSQL runs each at once on a connection of its own: queued together
 * they would only wait on each other's row locks (a source's counters) while holding the pool.
 */
export function transactionsCommitTogether(): boolean {
  return config().databaseKind === "sqlite";
}

/**
 * Where a listener may spool what it accepts before the database has it (lib/inbound/spool.ts): a folder
 * beside the database when the database is a file on this machine (SQLite), whose disk a synced spool
 * file shares, so it is as safe as a commit. Null for a database server (PostgreSQL): there an instance's
 * own disk may go with the instance, so mail is committed to the database before it is acknowledged.
 */
export function localSpoolDirectory(name: string): string | null {
  const settings = config();
  if (settings.databaseKind !== "sqlite") return null;
  const file = sqliteFilePath(settings.DATABASE_URL);
  return file.includes(":memory:") ? null : `${file}.${name}`;
}
