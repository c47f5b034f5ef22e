// Running raw SQL through the drivers themselves (better-sqlite3, pg) in the one placeholder dialect
// (placeholders.ts), for the request paths where Prisma's per-statement cost dominates.
import { createHash } from "node:crypto";
import type BetterSqlite3 from "better-sqlite3";
import type { Pool, PoolClient } from "pg";
import { dialectOf, type Dialect, type SqlKind } from "./dialect";
import { toPostgresPlaceholders, toSqlitePlaceholders } from "./placeholders";
import { timed } from "./statement-timing";
import { postgresParam, sqliteParam } from "./values";

export type { SqlKind } from "./dialect";

/** One way to run statements, the same on both engines. */
export type SqlRunner = {
  readonly kind: SqlKind;
  /** The engine's forms where SQL text differs (./dialect.ts). */
  readonly dialect: Dialect;
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
    dialect: dialectOf("sqlite"),
    async all<T>(sql: string, params: readonly unknown[] = []) {
      const statement = prepare(sql);
      const values = params.map(sqliteParam);
      return timed(sql, () => (statement.reader ? statement.all(...values) : (statement.run(...values), []))) as T[];
    },
    async run(sql, params = []) {
      const statement = prepare(sql);
      const values = params.map(sqliteParam);
      return timed(sql, () => statement.run(...values).changes);
    },
  };
}

// PostgreSQL: statements of a few parameters (most of what a request or the events worker sends, one
// contact's upsert say) run as named prepared statements, parsed and planned once per connection instead
// of at every execution. Statements with many parameters (multi-row inserts, long IN lists) vary with
// their row counts and stay unnamed, so a connection does not keep a plan per row count.
const MAX_NAMED_PARAMS = 40;
const MAX_NAMED_STATEMENTS = 2_000;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `inkwell_${createHash("sha1").update(text).digest("base64url")}`;
    statementNames.set(text, name);
  }
  return name;
}

function postgresQuery(sql: string, params: readonly unknown[]) {
  const text = toPostgresPlaceholders(sql);
  const values = params.map(postgresParam);
  const name = params.length <= MAX_NAMED_PARAMS ? statementName(text) : undefined;
  return name ? { name, text, values } : { text, values };
}

export function postgresRunner(client: Pool | PoolClient): SqlRunner {
  return {
    kind: "postgres",
    dialect: dialectOf("postgres"),
    async all<T>(sql: string, params: readonly unknown[] = []) {
      return (await client.query(postgresQuery(sql, params))).rows as T[];
    },
    async run(sql, params = []) {
      return (await client.query(postgresQuery(sql, params))).rowCount ?? 0;
    },
  };
}
