// Running raw SQL through the drivers themselves (better-sqlite3, pg) in the one placeholder dialect
// (placeholders.ts), for the request paths where Prisma's per-statement cost dominates.
import type BetterSqlite3 from "better-sqlite3";
import type { Pool, PoolClient } from "pg";
import { toPostgresPlaceholders, toSqlitePlaceholders } from "./placeholders";
import { postgresParam, sqliteParam } from "./values";

export type SqlKind = "sqlite" | "postgres";

/** One way to run statements, the same on both engines. */
export type SqlRunner = {
  readonly kind: SqlKind;
  /** Rows of a query (also of an INSERT/UPDATE ... RETURNING). */
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Number of rows a statement changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
};

/** Prepared statements by SQL text; cleared when it grows (statements vary with row counts). */
function statementCache(database: BetterSqlite3.Database) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      if (cache.size >= 500) cache.clear();
      statement = database.prepare(toSqlitePlaceholders(sql));
      cache.set(sql, statement);
    }
    return statement;
  };
}

export function sqliteRunner(database: BetterSqlite3.Database): SqlRunner {
  const prepare = statementCache(database);
  return {
    kind: "sqlite",
    async all<T>(sql: string, params: readonly unknown[] = []) {
      const statement = prepare(sql);
      const values = params.map(sqliteParam);
      return (statement.reader ? statement.all(...values) : (statement.run(...values), [])) as T[];
    },
    async run(sql, params = []) {
      return prepare(sql).run(...params.map(sqliteParam)).changes;
    },
  };
}

export function postgresRunner(client: Pool | PoolClient): SqlRunner {
  return {
    kind: "postgres",
    async all<T>(sql: string, params: readonly unknown[] = []) {
      return (await client.query(toPostgresPlaceholders(sql), params.map(postgresParam))).rows as T[];
    },
    async run(sql, params = []) {
      return (await client.query(toPostgresPlaceholders(sql), params.map(postgresParam))).rowCount ?? 0;
    },
  };
}
