// The process's database connections, opened on first use and shared by everything in the process:
//  - SQLite: one writer connection (sqlite-writer.ts: every write, raw or Prisma, in its turn), one
//    reader connection (query_only), a WAL checkpointer thread, and the WAL fsync for durable commits;
//  - PostgreSQL: one pg pool, used by Prisma (through @prisma/adapter-pg) and by raw SQL alike.
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import Database from "better-sqlite3";
import pg from "pg";
import { config } from "@/lib/config";
import { postgresRunner, sqliteRunner, type SqlRunner } from "./runner";
import { SqliteWriter } from "./sqlite-writer";
import { sqliteFilePath } from "./url";
import { reloadStatistics, reloadStatisticsWhenChanged } from "./statistics-reload";
import { DEFERRED_AUTOCHECKPOINT_PAGES, startWalCheckpointer } from "./wal-checkpointer";
import { WalSync } from "./wal-sync";

export type SqliteConnections = {
  kind: "sqlite";
  file: string;
  writer: SqliteWriter;
  reader: Database.Database;
  readerRunner: SqlRunner;
  close(): Promise<void>;
};

export type PostgresConnections = {
  kind: "postgres";
  pool: pg.Pool;
  runner: SqlRunner;
  close(): Promise<void>;
};

export type Connections = SqliteConnections | PostgresConnections;

function openSqlite(url: string): SqliteConnections {
  const file = sqliteFilePath(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // timeout 0: a busy database throws at once and the writer retries asynchronously (sqlite-writer.ts).
  const connection = new Database(file, { timeout: 0 });
  connection.pragma("journal_mode = WAL");
  // NORMAL: a commit survives a crash of this process; commits that must survive a power loss wait for
  // an fsync of the WAL off the event loop (wal-sync.ts).
  connection.pragma("synchronous = NORMAL");
  connection.pragma("foreign_keys = ON");
  // Each transaction of a group commit runs in a savepoint, which journals the pages it changes (the
  // sub-journal; a multi-row statement in a transaction has a statement journal too). Past 64 KiB SQLite
  // spilled them to a temporary file: in a bounce storm 130 of the 170 KiB the server wrote a notice, and a
  // quarter of its CPU (bench:inbound). In memory they are bounded by the pages a transaction changes.
  connection.pragma("temp_store = MEMORY");
  const reader = new Database(file, { timeout: 5_000 });
  reader.pragma("query_only = ON");
  reader.pragma("foreign_keys = ON");
  // Resolved from the app root: the bundled copy of this module has no useful import.meta.url.
  // One checkpointer per file and process: the server's worker thread leaves it to the request thread's.
  const checkpointer =
    config().INKWELL_WAL_CHECKPOINTER === "on" && isMainThread
      ? startWalCheckpointer(file, createRequire(path.join(process.cwd(), "package.json")).resolve("better-sqlite3"))
      : null;
  // Every connection of the process leaves checkpoints to that thread, the server's worker thread's too (the
  // request thread runs it for both): with SQLite's default (1,000 pages) the worker thread's commits ran the
  // checkpoints themselves during a burst of writes, on the thread that commits the inbound store before each 250.
  if (config().INKWELL_WAL_CHECKPOINTER === "on") connection.pragma(`wal_autocheckpoint = ${DEFERRED_AUTOCHECKPOINT_PAGES}`);
  const walSync = new WalSync(`${file}-wal`);
  const writer = new SqliteWriter(connection, walSync);
  // Both connections plan with the statistics of now, not of when they opened (statistics-reload.ts).
  const statistics = reloadStatisticsWhenChanged(reader, () => writer.turn(() => reloadStatistics(connection)));
  return {
    kind: "sqlite",
    file,
    writer,
    reader,
    readerRunner: sqliteRunner(reader),
    async close() {
      statistics.stop();
      await writer.turn(() => {});
      await checkpointer?.stop();
      await walSync.close();
      reader.close();
      connection.close();
    },
  };
}

function openPostgres(url: string): PostgresConnections {
  const pool = new pg.Pool({
    connectionString: url,
    max: config().DATABASE_POOL_SIZE,
    // timestamp without time zone holds UTC: read it as UTC whatever the process's time zone is.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === pg.types.builtins.TIMESTAMP
          ? (text: string) => new Date(`${text.replace(" ", "T")}Z`)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its server connection must not crash the process; the next query reconnects.
  pool.on("error", (error) => console.warn("[postgres] idle connection error:", error.message));
  return { kind: "postgres", pool, runner: postgresRunner(pool), close: () => pool.end() };
}

export function openConnections(url: string): Connections {
  return /^postgres(ql)?:\/\//i.test(url) ? openPostgres(url) : openSqlite(url);
}
