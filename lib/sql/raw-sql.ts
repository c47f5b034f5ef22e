// Raw SQL through the drivers themselves (better-sqlite3, pg), for the request paths where Prisma's
// per-statement cost dominates (contact upserts and contact reads: a few short statements each).
// Tables stay defined by the Prisma schema; values are written in the format Prisma's adapters use,
// so Prisma reads these rows back unchanged.
//
// SQLite: a reader connection (WAL: sees committed data only, never waits for the writer) and a writer
// connection with synchronous=NORMAL like Prisma's own. Write transactions are group-committed
// (sqlite-group-commit.ts) inside the process's write turn (lib/events/write-turns.ts), so they never
// overlap on the writer connection, and BEGIN IMMEDIATE takes the database's write lock up front.
// PostgreSQL: one small pool; a write transaction holds one pooled client from BEGIN to COMMIT.
import { createRequire } from "node:module";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import type { Pool, PoolClient } from "pg";
import { databaseKind, resolveDatabaseUrl, sqliteFilePath } from "@/lib/db-url";
import { sqliteTime } from "@/lib/raw-db";
import { toPostgresPlaceholders, toSqlitePlaceholders } from "./placeholders";
import { SqliteGroupCommit } from "./sqlite-group-commit";
import { DEFERRED_AUTOCHECKPOINT_PAGES, startWalCheckpointer } from "./wal-checkpointer";

export type SqlKind = "sqlite" | "postgres";

/** One way to run statements: `?` placeholders, converted for PostgreSQL (see placeholders.ts). */
export type SqlRunner = {
  readonly kind: SqlKind;
  /** Rows of a query (also of an INSERT/UPDATE ... RETURNING). */
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Number of rows a statement changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
};

type Connections =
  | { kind: "sqlite"; reader: BetterSqlite3.Database; writer: BetterSqlite3.Database }
  | { kind: "postgres"; pool: Pool };


function sqliteParam(value: unknown): unknown {
  if (value instanceof Date) return sqliteTime(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value === undefined ? null : value;
}

/** PostgreSQL's DateTime columns are `timestamp(3)` without time zone, holding UTC wall-clock time. */
function postgresParam(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("Z", "");
  return value === undefined ? null : value;
}

async function open(): Promise<Connections> {
  const url = resolveDatabaseUrl();
  if (databaseKind(url) === "postgres") {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.RAW_SQL_PG_POOL_SIZE ?? 8),
      // timestamp without time zone holds UTC: read it as UTC whatever the process's time zone is.
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === pg.types.builtins.TIMESTAMP ? (text: string) => new Date(`${text.replace(" ", "T")}Z`) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    return { kind: "postgres", pool };
  }
  const { default: Database } = await import("better-sqlite3");
  const file = sqliteFilePath(url);
  // timeout 0: a busy database throws at once and the caller retries asynchronously; a blocking busy
  // wait would freeze the event loop (and with it whatever holds the lock in this process).
  const writer = new Database(file, { timeout: 0 });
  writer.pragma("journal_mode = WAL");
  writer.pragma("synchronous = NORMAL");
  const reader = new Database(file, { timeout: 5_000 });
  // Resolved from the app root: the bundled copy of this module has no useful import.meta.url.
  if (startWalCheckpointer(file, createRequire(path.join(process.cwd(), "package.json")).resolve("better-sqlite3"))) {
    writer.pragma(`wal_autocheckpoint = ${DEFERRED_AUTOCHECKPOINT_PAGES}`);
  }
  return { kind: "sqlite", reader, writer };
}

// On globalThis: the custom server's fast routes (tsx) and Next's bundle each load this module, and must
// share the connections, their prepared statements and one group commit per writer.
const shared = globalThis as unknown as {
  inkwellRawSql?: Promise<Connections>;
  inkwellSqlRunners?: WeakMap<object, { reader: SqlRunner; writer?: SqlRunner }>;
  inkwellSqlGroups?: WeakMap<BetterSqlite3.Database, SqliteGroupCommit>;
};
function connections(): Promise<Connections> {
  shared.inkwellRawSql ??= open();
  return shared.inkwellRawSql;
}

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

function postgresRunner(client: Pool | PoolClient): SqlRunner {
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

const runners = (shared.inkwellSqlRunners ??= new WeakMap());

async function runnersFor(): Promise<{ connections: Connections; reader: SqlRunner; writer?: SqlRunner }> {
  const c = await connections();
  let r = runners.get(c);
  if (!r) {
    r = c.kind === "sqlite" ? { reader: sqliteRunner(c.reader), writer: sqliteRunner(c.writer) } : { reader: postgresRunner(c.pool) };
    runners.set(c, r);
  }
  return { connections: c, ...r };
}

/** Statements outside a transaction: each sees the data committed when it starts. */
export async function sqlReader(): Promise<SqlRunner> {
  return (await runnersFor()).reader;
}

/**
 * Runs `work` in one write transaction and commits it, or rolls back when `work` throws. The callback
 * must use only the runner it gets (not other connections) for the transaction's statements.
 */
export async function writeTransaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
  const { connections: c, writer } = await runnersFor();
  if (c.kind === "postgres") {
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
  return groupCommit(c.writer, writer!).run(work);
}

const groups = (shared.inkwellSqlGroups ??= new WeakMap());
function groupCommit(connection: BetterSqlite3.Database, runner: SqlRunner): SqliteGroupCommit {
  let group = groups.get(connection);
  if (!group) groups.set(connection, (group = new SqliteGroupCommit(connection, runner)));
  return group;
}

