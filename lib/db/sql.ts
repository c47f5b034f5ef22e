// Raw SQL for the hot paths, on both engines, in one placeholder dialect (placeholders.ts):
//  - sqlReader(): statements outside a transaction; each sees the data committed when it starts;
//  - writeTransaction(work): one write transaction; on SQLite group-committed on the one writer
//    (sqlite-writer.ts), on PostgreSQL on one pooled client from BEGIN to COMMIT;
//  - writeStatement(sql, params): one statement that is its own transaction (cheaper on PostgreSQL).
// Where the SQL text differs between the engines, runners and builders carry the forms (dialect.ts).
// Tables stay defined by the Prisma schema; values are written as Prisma's adapters write them.
import { config } from "@/lib/config";
import { isWriteConflict } from "./errors";
import type { PostgresConnections } from "./connections";
import { connections } from "./index";
import { postgresRunner, type SqlRunner } from "./runner";
import type { WriteOptions } from "./sqlite-writer";
import { inWriteScope, refuseNestedWrite } from "./write-scope";

export type { SqlRunner } from "./runner";
export type { WriteOptions } from "./sqlite-writer";
export { SqlBuilder } from "./placeholders";

/**
 * The writer's options on SQLite. `durable` asks that the commit survive a power loss: PostgreSQL's
 * commits do by themselves; SQLite's wait for an fsync of the WAL (off the event loop, wal-sync.ts)
 * unless EVENTS_SQLITE_SYNCHRONOUS=normal chose to survive a crash of the process only.
 */
function sqliteOptions(options: WriteOptions): WriteOptions {
  return options.durable && config().EVENTS_SQLITE_SYNCHRONOUS !== "full" ? { ...options, durable: false } : options;
}

export function sqlReader(): SqlRunner {
  const c = connections();
  return c.kind === "sqlite" ? c.readerRunner : c.runner;
}

/**
 * Runs reads on the connection that writes (SQLite: the writer, in its turn, outside any transaction;
 * PostgreSQL: the pool), for a worker that reads what it is about to write. SQLite empties a connection's
 * page cache whenever another connection committed: the reader's is cold at every batch while the
 * worker's own writer commits, so each lookup read its B-tree pages again, more of them as the tables
 * grew; the writer's cache holds what its own commits left. `work` must only read.
 */
export async function writerRead<T>(work: (runner: SqlRunner) => Promise<T>): Promise<T> {
  const c = connections();
  if (c.kind === "sqlite") return c.writer.turn(() => c.writer.retryWhileBusy(() => work(c.writer.runner)));
  return work(c.runner);
}

/**
 * Runs `work` in one write transaction and commits it, or rolls back when `work` throws. The callback
 * must use only the runner it gets for the transaction's statements, and start no other write: one
 * started inside it throws NestedWriteError at once (write-scope.ts).
 */
export async function writeTransaction<T>(work: (tx: SqlRunner) => Promise<T>, options: WriteOptions = {}): Promise<T> {
  refuseNestedWrite("A write transaction");
  const c = connections();
  if (c.kind === "sqlite") return c.writer.transaction((tx) => inWriteScope(() => work(tx)), sqliteOptions(options));
  for (let attempt = 1; ; attempt++) {
    try {
      return await postgresTransaction(c.pool, work);
    } catch (error) {
      if (!options.retryConflicts || !isWriteConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** Attempts of a transaction with `retryConflicts` that keeps conflicting with other writers. */
const CONFLICT_ATTEMPTS = 5;

async function postgresTransaction<T>(pool: PostgresConnections["pool"], work: (tx: SqlRunner) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const runner = postgresRunner(client);
    const result = await inWriteScope(() => work(runner));
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** One statement in a transaction of its own; the number of rows it changed. */
export async function writeStatement(sql: string, params: readonly unknown[] = [], options: WriteOptions = {}): Promise<number> {
  refuseNestedWrite("A write statement");
  const c = connections();
  if (c.kind === "sqlite") return c.writer.transaction((tx) => tx.run(sql, params), sqliteOptions(options));
  return c.runner.run(sql, params);
}

/** Rows of one statement in a transaction of its own (an INSERT/UPDATE ... RETURNING). */
export async function writeQuery<T>(sql: string, params: readonly unknown[] = [], options: WriteOptions = {}): Promise<T[]> {
  refuseNestedWrite("A write statement");
  const c = connections();
  if (c.kind === "sqlite") return c.writer.transaction((tx) => tx.all<T>(sql, params), sqliteOptions(options));
  return c.runner.all<T>(sql, params);
}
