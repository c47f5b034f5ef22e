// A SQLite database as it stood just before one migration: every earlier migration applied and recorded
// the way `npm start` records them, for tests that fill it with old rows and then apply the rest
// (applyMigrations) to check that no row is lost on the way.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

const migrationsDir = path.resolve(import.meta.dirname, "../../prisma/migrations");

/** The full name of the migration whose name ends with `suffix`. */
export function migrationNamed(suffix: string): string {
  const name = fs.readdirSync(migrationsDir).find((n) => n.endsWith(`_${suffix}`));
  if (!name) throw new Error(`no migration ends with _${suffix}`);
  return name;
}

/** A new database file (in a folder `cleanup` removes) with every migration before `target` applied. */
export function databaseBefore(target: string): { file: string; sqlite: Database.Database; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-migration-"));
  const file = path.join(dir, "inkwell.db");
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.exec(`CREATE TABLE "_inkwell_migrations" ("name" TEXT PRIMARY KEY, "appliedAt" TEXT NOT NULL)`);
  for (const name of fs
    .readdirSync(migrationsDir)
    .filter((n) => n < target && fs.existsSync(path.join(migrationsDir, n, "migration.sql")))
    .sort()) {
    sqlite.exec(fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8"));
    sqlite.prepare(`INSERT INTO "_inkwell_migrations" VALUES (?, ?)`).run(name, new Date().toISOString());
  }
  return { file, sqlite, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
