// Read-only queries a benchmark or the crash test runs against a server's database, from outside the
// server (its own short-lived connection), on either engine.
import { databaseKind, sqliteFilePath } from "../../lib/db/url";

export async function query<T>(databaseUrl: string, sql: string): Promise<T[]> {
  if (databaseKind(databaseUrl) === "postgres") {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(sqliteFilePath(databaseUrl), { readonly: true });
  try {
    return sqlite.prepare(sql).all() as T[];
  } finally {
    sqlite.close();
  }
}

/** The number a `SELECT COUNT(*) AS n ...` returns. */
export async function countRows(databaseUrl: string, sql: string): Promise<number> {
  return Number((await query<{ n: number | string }>(databaseUrl, sql))[0]?.n ?? 0);
}
