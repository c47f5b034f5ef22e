// Raw database drivers for the few hot paths where Prisma's per-call overhead dominates (the API key
// lookup; the events inbox insert on PostgreSQL, on SQLite it has its own writer thread,
// lib/events/sqlite-writer.ts): one better-sqlite3 connection or one small pg pool per process, next
// to the Prisma client. Tables stay defined by the Prisma schema; SQL here is plain and short.
import type BetterSqlite3 from "better-sqlite3";
import type { Pool } from "pg";
import { databaseKind, resolveDatabaseUrl, sqliteFilePath } from "./db-url";

export type RawDb = { kind: "sqlite"; sqlite: BetterSqlite3.Database } | { kind: "postgres"; pool: Pool };

async function open(): Promise<RawDb> {
  const url = resolveDatabaseUrl();
  if (databaseKind(url) === "postgres") {
    const { default: pg } = await import("pg");
    return { kind: "postgres", pool: new pg.Pool({ connectionString: url, max: Number(process.env.RAW_PG_POOL_SIZE ?? 6) }) };
  }
  const { default: Database } = await import("better-sqlite3");
  // timeout 0: a busy database throws at once and writers retry asynchronously. A blocking busy wait
  // would freeze the event loop, and with it a Prisma transaction in this process that holds the lock.
  const sqlite = new Database(sqliteFilePath(url), { timeout: 0 });
  sqlite.pragma("journal_mode = WAL");
  // FULL: the WAL is fsynced at every commit, so an accepted event survives a power loss, not only a crash.
  sqlite.pragma(`synchronous = ${process.env.EVENTS_SQLITE_SYNCHRONOUS === "normal" ? "NORMAL" : "FULL"}`);
  return { kind: "sqlite", sqlite };
}

// One per process: the custom server (tsx) and Next's bundle each load this module.
const shared = globalThis as unknown as { inkwellRawDb?: Promise<RawDb> };

export function rawDb(): Promise<RawDb> {
  shared.inkwellRawDb ??= open();
  return shared.inkwellRawDb;
}

/** Prisma's SQLite adapter stores DateTime as ISO 8601 with an explicit +00:00 offset; raw writes do the same. */
export function sqliteTime(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}
