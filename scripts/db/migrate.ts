// Applies the checked-in migrations (prisma/migrations for SQLite, prisma/postgres/migrations for
// PostgreSQL) in order, each in its own transaction, recording them in _inkwell_migrations.
// We run the SQL ourselves instead of `prisma migrate deploy`: that command fails on PostgreSQL through
// the driver adapter (prisma/orm#27403), and one runner for both engines behaves the same everywhere.
import fs from "node:fs";
import path from "node:path";
import { config } from "../../lib/config";
import { databaseKind, sqliteFilePath } from "../../lib/db/url";

const root = path.resolve(import.meta.dirname, "../..");

function migrationDirs(kind: "sqlite" | "postgres", dir = path.join(root, kind === "postgres" ? "prisma/postgres/migrations" : "prisma/migrations")) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => ({ name: d.name, sql: fs.readFileSync(path.join(dir, d.name, "migration.sql"), "utf8") }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** `before`: apply only the migrations named before it (tests that build a database as it once was). */
export async function applyMigrations(url = config().DATABASE_URL, options: { before?: string } = {}): Promise<string[]> {
  return databaseKind(url) === "postgres" ? applyPostgres(url, options.before) : applySqlite(url, undefined, options.before);
}

/** `migrations`: another folder of migrations (tests). */
export async function applySqlite(url: string, migrations?: string, before?: string): Promise<string[]> {
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
    const applied: string[] = [];
    for (const migration of migrationDirs("sqlite", migrations).filter((m) => !before || m.name < before)) {
      // IMMEDIATE takes the write lock first, so two processes starting together apply each migration once.
      const apply = sqlite.transaction(() => {
        const done = sqlite.prepare(`SELECT 1 FROM "_inkwell_migrations" WHERE "name" = ?`).get(migration.name);
        if (done) return false;
        sqlite.exec(migration.sql);
        const broken = sqlite.pragma("foreign_key_check") as { table: string; parent: string }[];
        if (broken.length > 0) {
          throw new Error(`migration ${migration.name} leaves ${broken.length} row(s) whose foreign key points nowhere (first: ${broken[0].table} → ${broken[0].parent})`);
        }
        sqlite.prepare(`INSERT INTO "_inkwell_migrations" ("name", "appliedAt") VALUES (?, ?)`).run(migration.name, new Date().toISOString());
        return true;
      });
      if (apply.immediate()) applied.push(migration.name);
    }
    sqlite.pragma("foreign_keys = ON");
    return applied;
  } finally {
    sqlite.close();
  }
}

async function applyPostgres(url: string, before?: string): Promise<string[]> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    // One migrator at a time across every process that shares the database.
    await client.query("SELECT pg_advisory_lock(727274)");
    await client.query(`CREATE TABLE IF NOT EXISTS "_inkwell_migrations" ("name" TEXT PRIMARY KEY, "appliedAt" TIMESTAMPTZ NOT NULL)`);
    const done = new Set((await client.query(`SELECT "name" FROM "_inkwell_migrations"`)).rows.map((r) => r.name as string));
    const applied: string[] = [];
    for (const migration of migrationDirs("postgres").filter((m) => !before || m.name < before)) {
      if (done.has(migration.name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
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
