// For unit tests of SQL text: an in-memory database of the embedded engine (SQLite), built from its
// migrations, with no server and no file. Values are bound as the raw layer binds them (values.ts).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { dialectOf, type Dialect } from "./dialect";
import { toSqlitePlaceholders } from "./placeholders";
import { sqliteRunner, type SqlRunner } from "./runner";
import { sqliteParam } from "./values";

export type MemoryDatabase = {
  dialect: Dialect;
  /** One row into a table; Date values as the adapters store them, JSON columns as JSON text. */
  insert(table: string, row: Record<string, unknown>): void;
  /** Rows of a query in the one placeholder dialect (placeholders.ts). */
  all<T>(sql: string, params?: readonly unknown[]): T[];
  /** The same database as the code under test runs statements (a transaction's runner). */
  runner: SqlRunner;
  close(): void;
};

/** A migrated in-memory database; foreign keys off, so a test may leave out rows it does not need. */
export function memoryDatabase(): MemoryDatabase {
  const db = new Database(":memory:");
  const dir = path.resolve(import.meta.dirname, "../../prisma/migrations");
  for (const m of fs
    .readdirSync(dir)
    .filter((d) => fs.existsSync(path.join(dir, d, "migration.sql")))
    .sort()) {
    db.exec(fs.readFileSync(path.join(dir, m, "migration.sql"), "utf8"));
  }
  db.pragma("foreign_keys = OFF");
  return {
    dialect: dialectOf("sqlite"),
    insert(table, row) {
      const keys = Object.keys(row);
      db.prepare(`INSERT INTO "${table}" (${keys.map((k) => `"${k}"`).join(",")}) VALUES (${keys.map(() => "?").join(",")})`).run(
        ...Object.values(row).map(sqliteParam),
      );
    },
    all: <T>(sql: string, params: readonly unknown[] = []) => db.prepare(toSqlitePlaceholders(sql)).all(...params.map(sqliteParam)) as T[],
    runner: sqliteRunner(db),
    close: () => db.close(),
  };
}
