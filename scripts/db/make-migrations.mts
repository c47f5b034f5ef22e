// Keeps the PostgreSQL schema and both migration histories in step with prisma/schema (the one model
// definition). Run after editing a model:  npm run db:migrations -- <short_name>
//  1. writes prisma/postgres/schema/* from prisma/schema/* (provider and client output swapped);
//  2. diffs the schema against the snapshot taken at the last migration and, when they differ, writes
//     a new migration for SQLite and for PostgreSQL plus a fresh snapshot.
// Diffing schema files (not databases) needs no shadow database, which the adapter setup lacks.
// `--reset` rebuilds the histories as one init migration.
// `--check` changes nothing and exits 1 when anything is out of date (used by the drift test).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { findPostgresBin, startThrowawayPostgres } from "./throwaway-postgres";

const root = path.resolve(import.meta.dirname, "../..");
const sqliteSchemaDir = path.join(root, "prisma/schema");
const pgSchemaDir = path.join(root, "prisma/postgres/schema");
const histories = {
  sqlite: { migrations: path.join(root, "prisma/migrations"), schemaDir: sqliteSchemaDir },
  postgresql: { migrations: path.join(root, "prisma/postgres/migrations"), schemaDir: pgSchemaDir },
} as const;

export function postgresSchemaFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of fs
    .readdirSync(sqliteSchemaDir)
    .filter((f) => f.endsWith(".prisma"))
    .sort()) {
    const text = fs.readFileSync(path.join(sqliteSchemaDir, name), "utf8");
    files.set(
      name,
      text
        .replace('provider = "sqlite"', 'provider = "postgresql"')
        .replace('output     = "../../lib/generated/prisma"', 'output     = "../../../lib/generated/prisma-pg"'),
    );
  }
  return files;
}

function readDir(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!fs.existsSync(dir)) return files;
  for (const name of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".prisma"))
    .sort()) {
    files.set(name, fs.readFileSync(path.join(dir, name), "utf8"));
  }
  return files;
}

function sameFiles(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}

function prisma(args: string[], env: Record<string, string>): string {
  return execFileSync(path.join(root, "node_modules/.bin/prisma"), args, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** The SQL that takes a database from the last snapshot to the current schema ("" when none). */
function pendingSql(kind: keyof typeof histories, postgresUrl: string | null): string {
  const { migrations, schemaDir } = histories[kind];
  const snapshotDir = path.join(migrations, "schema-snapshot");
  const from = fs.existsSync(snapshotDir) ? ["--from-schema-datamodel", snapshotDir] : ["--from-empty"];
  // The WebAssembly schema engine needs a live connection even to diff two schema files.
  const env = { DATABASE_URL: kind === "sqlite" ? "file:./data/.migrations.db" : postgresUrl! };
  const sql = prisma(["migrate", "diff", ...from, "--to-schema-datamodel", schemaDir, "--script"], env);
  return /^\s*(--[^\n]*\n?)*\s*$/.test(sql) || sql.includes("-- This is an empty migration.") ? "" : sql;
}

const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);

function writeMigration(kind: keyof typeof histories, name: string, sql: string) {
  const { migrations, schemaDir } = histories[kind];
  const dir = path.join(migrations, `${stamp}_${name}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "migration.sql"), sql);
  fs.writeFileSync(path.join(migrations, "migration_lock.toml"), `provider = "${kind}"\n`);
  const snapshotDir = path.join(migrations, "schema-snapshot");
  fs.rmSync(snapshotDir, { recursive: true, force: true });
  fs.mkdirSync(snapshotDir, { recursive: true });
  for (const [file, text] of readDir(schemaDir)) fs.writeFileSync(path.join(snapshotDir, file), text);
  console.log(`wrote ${path.relative(root, dir)}`);
}

async function main() {
  const check = process.argv.includes("--check");
  // --reset folds every migration into one "init" (only while nothing has been released).
  if (process.argv.includes("--reset")) {
    for (const { migrations } of Object.values(histories)) fs.rmSync(migrations, { recursive: true, force: true });
  }
  const name = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "change";
  const problems: string[] = [];

  const wanted = postgresSchemaFiles();
  if (!sameFiles(wanted, readDir(pgSchemaDir))) {
    if (check) problems.push("prisma/postgres/schema is not derived from prisma/schema");
    else {
      fs.rmSync(pgSchemaDir, { recursive: true, force: true });
      fs.mkdirSync(pgSchemaDir, { recursive: true });
      for (const [file, text] of wanted) fs.writeFileSync(path.join(pgSchemaDir, file), text);
      console.log("wrote prisma/postgres/schema");
    }
  }
  const postgres = process.env.TEST_POSTGRES_URL
    ? { url: process.env.TEST_POSTGRES_URL, stop() {} }
    : findPostgresBin()
      ? await startThrowawayPostgres()
      : null;
  if (!postgres) console.warn("PostgreSQL is not installed: its migrations were not checked (apt-get install -y postgresql)");
  const kinds = postgres ? (["sqlite", "postgresql"] as const) : (["sqlite"] as const);
  for (const kind of kinds) {
    let sql: string;
    try {
      sql = pendingSql(kind, postgres?.url ?? null);
    } catch (error) {
      postgres?.stop();
      throw error;
    }
    if (!sql) continue;
    if (check) problems.push(`${kind}: the schema has changes with no migration`);
    else writeMigration(kind, name.replace(/[^a-z0-9_]/gi, "_"), sql);
  }
  postgres?.stop();
  if (problems.length) {
    console.error(problems.join("\n") + "\nRun: npm run db:migrations -- <name>");
    process.exit(1);
  }
  console.log(check ? "schema, PostgreSQL schema and migrations are in step" : "done");
}

await main();
