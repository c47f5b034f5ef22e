// Applies the checked-in migrations (prisma/migrations for SQLite, prisma/postgres/migrations for
// PostgreSQL) in order, each in its own transaction, recording them in _inkwell_migrations.
// We run the SQL ourselves instead of `prisma migrate deploy`: that command fails on PostgreSQL through
// the driver adapter (prisma/orm#27403), and one runner for both engines behaves the same everywhere.
// A migration that converts stored data (JSON documents SQL cannot rewrite) has a `data.ts` beside its
// migration.sql exporting `up(db)` (lib/templates/legacy/migrate-documents.ts's MigrationDb); it runs
// after the SQL, in the same transaction, so a failure leaves the database as it was.
import fs from "node:fs";
import path from "node:path";
import { config } from "../../lib/config";
import { dialectOf } from "../../lib/db/dialect";
import { toPostgresPlaceholders, toSqlitePlaceholders } from "../../lib/db/placeholders";
import { databaseKind, sqliteFilePath } from "../../lib/db/url";
import type { MigrationDb } from "../../lib/templates/legacy/migrate-documents";

type DataStep = { up: (db: MigrationDb) => Promise<unknown> };
const dataStep = async (file: string): Promise<DataStep> => (await import(file)) as DataStep;

const root = path.resolve(import.meta.dirname, "../..");

type Migration = { name: string; sql: string; data: string | null };

function migrationDirs(
  kind: "sqlite" | "postgres",
  dir = path.join(root, kind === "postgres" ? "prisma/postgres/migrations" : "prisma/migrations"),
): Migration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => ({
      name: d.name,
      sql: fs.readFileSync(path.join(dir, d.name, "migration.sql"), "utf8"),
      data: fs.existsSync(path.join(dir, d.name, "data.ts")) ? path.join(dir, d.name, "data.ts") : null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Tests: `before` stops at the first migration named at or after it; `migrations` is another folder. */
export type MigrationOptions = { before?: string; migrations?: string };

const pending = (kind: "sqlite" | "postgres", options: MigrationOptions) =>
  migrationDirs(kind, options.migrations).filter((m) => !options.before || m.name < options.before);

/** Applies the pending migrations. */
export async function applyMigrations(url = config().DATABASE_URL, options: MigrationOptions = {}): Promise<string[]> {
  return databaseKind(url) === "postgres" ? applyPostgres(url, options) : applySqlite(url, options);
}

export async function applySqlite(url: string, options: MigrationOptions = {}): Promise<string[]> {
  const { default: Database } = await import("better-sqlite3");
  const file = sqliteFilePath(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file, { timeout: 30_000 });
  try {
    // WAL lets readers proceed during writes; it is a property of the file, so setting it once suffices.
    sqlite.pragma("journal_mode = WAL");
    sqlite.exec(`CREATE TABLE IF NOT EXISTS "_inkwell_migrations" ("name" TEXT PRIMARY KEY, "appliedAt" TEXT NOT NULL)`);
    // Foreign keys off while migrations run: Prisma's SQLite migrations rebuild a changed table (copy,
    // DROP, rename), and a DROP with foreign keys on would cascade into every table that points at it.
    // The pragma is ignored inside a transaction, so it is set here, and each migration checks the
    // keys itself before it commits (SQLite's documented procedure for schema changes).
    sqlite.pragma("foreign_keys = OFF");
    const db: MigrationDb = {
      dialect: dialectOf("sqlite"),
      all: async <T>(sql: string, params: unknown[] = []) => sqlite.prepare(toSqlitePlaceholders(sql)).all(...params) as T[],
      run: async (sql: string, params: unknown[] = []) => void sqlite.prepare(toSqlitePlaceholders(sql)).run(...params),
    };
    const applied: string[] = [];
    for (const migration of pending("sqlite", options)) {
      // IMMEDIATE takes the write lock first, so two processes starting together apply each migration once.
      // The transaction is opened by hand (not db.transaction()) because a data step is async; every
      // statement on this connection is synchronous, so nothing else runs inside it meanwhile.
      sqlite.exec("BEGIN IMMEDIATE");
      try {
        const done = sqlite.prepare(`SELECT 1 FROM "_inkwell_migrations" WHERE "name" = ?`).get(migration.name);
        if (done) {
          sqlite.exec("COMMIT");
          continue;
        }
        sqlite.exec(migration.sql);
        if (migration.data) await (await dataStep(migration.data)).up(db);
        const broken = sqlite.pragma("foreign_key_check") as { table: string; parent: string }[];
        if (broken.length > 0) {
          throw new Error(
            `leaves ${broken.length} row(s) whose foreign key points nowhere (first: ${broken[0].table} → ${broken[0].parent})`,
          );
        }
        sqlite
          .prepare(`INSERT INTO "_inkwell_migrations" ("name", "appliedAt") VALUES (?, ?)`)
          .run(migration.name, new Date().toISOString());
        sqlite.exec("COMMIT");
        applied.push(migration.name);
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`);
      }
    }
    sqlite.pragma("foreign_keys = ON");
    return applied;
  } finally {
    sqlite.close();
  }
}

async function applyPostgres(url: string, options: MigrationOptions): Promise<string[]> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    // One migrator at a time across every process that shares the database.
    await client.query("SELECT pg_advisory_lock(727274)");
    await client.query(`CREATE TABLE IF NOT EXISTS "_inkwell_migrations" ("name" TEXT PRIMARY KEY, "appliedAt" TIMESTAMPTZ NOT NULL)`);
    const done = new Set((await client.query(`SELECT "name" FROM "_inkwell_migrations"`)).rows.map((r) => r.name as string));
    const db: MigrationDb = {
      dialect: dialectOf("postgres"),
      all: async <T>(sql: string, params: unknown[] = []) => (await client.query(toPostgresPlaceholders(sql), params)).rows as T[],
      run: async (sql: string, params: unknown[] = []) => void (await client.query(toPostgresPlaceholders(sql), params)),
    };
    const applied: string[] = [];
    for (const migration of pending("postgres", options)) {
      if (done.has(migration.name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        if (migration.data) await (await dataStep(migration.data)).up(db);
        await client.query(`INSERT INTO "_inkwell_migrations" ("name", "appliedAt") VALUES ($1, now())`, [migration.name]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration.name);
    }
    return applied;
  } finally {
    await client.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
    await client.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const applied = await applyMigrations();
  console.log(applied.length ? `applied ${applied.join(", ")}` : "database is up to date");
}
