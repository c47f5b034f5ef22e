// Raw SQL for the hot paths, on both engines, in one placeholder dialect (placeholders.ts):
//  - sqlReader(): statements outside a transaction; each sees the data committed when it starts;
//  - writeTransaction(work): one write transaction; on SQLite group-committed on the one writer
//    (sqlite-writer.ts), on PostgreSQL on one pooled client from BEGIN to COMMIT;
//  - writeStatement(sql, params): one statement that is its own transaction (cheaper on PostgreSQL).
// Tables stay defined by the Prisma schema; values are written as Prisma's adapters write them.
import { connections } from "./index";
import { postgresRunner, type SqlRunner } from "./runner";
import type { WriteOptions } from "./sqlite-writer";

export type { SqlRunner } from "./runner";
export type { WriteOptions } from "./sqlite-writer";
export { SqlBuilder } from "./placeholders";

/**
 * A text column term the planner must not use an index for (`+column` on SQLite, `(column || '')` on
 * PostgreSQL: an expression no index is built on). Both planners guess without statistics (no ANALYZE
 * yet, e.g. after a bulk load). For "brandId" = ? AND "id" IN (...) SQLite walked the brand's whole
 * (brandId, ...) index, 28 ms at 200,000 contacts, instead of looking the ids up by primary key; for a
 * segment's event condition both took (brandId, eventName, eventTime) and read every event of the name
 * once per contact (minutes at 200,000 contacts) instead of the contact's own events.
 */
export function unindexed(kind: SqlRunner["kind"], column: string): string {
  return kind === "sqlite" ? `+${column}` : `(${column} || '')`;
}

export function sqlReader(): SqlRunner {
  const c = connections();
  return c.kind === "sqlite" ? c.readerRunner : c.runner;
}

/**
 * Runs `work` in one write transaction and commits it, or rolls back when `work` throws. The callback
 * must use only the runner it gets for the transaction's statements, and start no other write.
 */
export async function writeTransaction<T>(work: (tx: SqlRunner) => Promise<T>, options: WriteOptions = {}): Promise<T> {
  const c = connections();
  if (c.kind === "sqlite") return c.writer.transaction(work, options);
  const client = await c.pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(postgresRunner(client));
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
  const c = connections();
  if (c.kind === "sqlite") return c.writer.transaction((tx) => tx.run(sql, params), options);
  return c.runner.run(sql, params);
}

/** Rows of one statement in a transaction of its own (an INSERT/UPDATE ... RETURNING). */
export async function writeQuery<T>(sql: string, params: readonly unknown[] = [], options: WriteOptions = {}): Promise<T[]> {
  const c = connections();
  if (c.kind === "sqlite") return c.writer.transaction((tx) => tx.all<T>(sql, params), options);
  return c.runner.all<T>(sql, params);
}
