// Writes both engines' migrations from the one hand-edited schema, prisma/schema. Run after editing a
// model:  npm run db:migrations -- <short_name>
//  - diffs the schema against prisma/schema-snapshot.prisma (the schema as of the last migration, the one
//    committed copy) for SQLite and for PostgreSQL (the provider swapped, scripts/db/schema.ts);
//  - when they differ, writes <stamp>_<name>/migration.sql into BOTH histories (prisma/migrations and
//    prisma/postgres/migrations; an engine the change leaves alone gets a migration that says so) and
//    the new snapshot. Both diffs are computed before anything is written: without PostgreSQL (no
//    server binaries, no TEST_POSTGRES_URL) or when either diff fails, nothing is written.
// Diffing schema files (not databases) needs no shadow database, which the adapter setup lacks.
// `--reset` rebuilds the histories as one init migration (only while nothing has been released).
// `--check` changes nothing and exits 1 when the schema has changes with no migration, or when one
//   history has a migration the other lacks (the drift test, scripts/db/migrations.test.ts).
// `--prisma-dir <dir>` works on a copy of prisma/ (the tests).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENGINES, forEngine, joinedSchema, prismaLayout, root, type Engine } from "./schema";
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres";

const SNAPSHOT_NOTE =
  "// WRITTEN by `npm run db:migrations`: prisma/schema as of the last migration, which both engines'\n" +
  "// next migrations are diffed from. Never edit it (edit prisma/schema, then run the command).\n";
const NO_CHANGE = "-- This change of prisma/schema alters nothing on this engine (the other engine's migration does the work).\n";

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const check = process.argv.includes("--check");
const reset = process.argv.includes("--reset");
const prismaDir = argValue("--prisma-dir");
const layout = prismaLayout(prismaDir ? path.resolve(prismaDir) : undefined);
const positional = process.argv.slice(2).filter((a, i, all) => !a.startsWith("--") && all[i - 1] !== "--prisma-dir");
const name = (positional[0] ?? "change").replace(/[^a-z0-9_]/gi, "_");

const work = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-migrations-"));

function prisma(args: string[], env: Record<string, string>): string {
  return execFileSync(path.join(root, "node_modules/.bin/prisma"), args, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A schema text written where Prisma can read it, for one engine. */
function schemaFile(label: string, text: string, engine: Engine): string {
  const file = path.join(work, `${label}.${engine}.prisma`);
  fs.writeFileSync(file, forEngine(text, engine));
  return file;
}

/** The SQL that takes a database from the snapshot to the current schema ("" when none). */
function pendingSql(engine: Engine, postgresUrl: string | undefined): string {
  const from =
    !reset && fs.existsSync(layout.snapshot)
      ? ["--from-schema-datamodel", schemaFile("snapshot", fs.readFileSync(layout.snapshot, "utf8"), engine)]
      : ["--from-empty"];
  const to = schemaFile("schema", joinedSchema(layout.schemaDir), engine);
  // The WebAssembly schema engine needs a live connection even to diff two schema files.
  const env = { DATABASE_URL: engine === "sqlite" ? `file:${path.join(work, "diff.db")}` : postgresUrl! };
  const sql = prisma(["migrate", "diff", ...from, "--to-schema-datamodel", to, "--script"], env);
  return /^\s*(--[^\n]*\n?)*\s*$/.test(sql) || sql.includes("-- This is an empty migration.") ? "" : sql;
}

/** Migration folders of one history. */
function migrationNames(engine: Engine): string[] {
  const dir = layout.migrations[engine];
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
}

/** Migrations one history has and the other lacks ("sqlite: x" = only the SQLite history has x). */
function unpaired(): string[] {
  const [a, b] = ENGINES.map((engine) => new Set(migrationNames(engine)));
  return [
    ...[...a].filter((n) => !b.has(n)).map((n) => `${ENGINES[0]}: ${n}`),
    ...[...b].filter((n) => !a.has(n)).map((n) => `${ENGINES[1]}: ${n}`),
  ];
}

async function postgresForDiff(): Promise<ThrowawayPostgres | null> {
  if (process.env.TEST_POSTGRES_URL) return { url: process.env.TEST_POSTGRES_URL, stop() {} };
  return findPostgresBin() ? startThrowawayPostgres() : null;
}

async function main(): Promise<number> {
  const problems: string[] = [];
  if (check) {
    const missing = unpaired();
    if (missing.length)
      problems.push(
        `a migration exists for one engine only (${missing.join("; ")}): give it a counterpart in the other history (a comment-only migration.sql when the other engine has nothing to do)`,
      );
  }
  const postgres = await postgresForDiff();
  if (!postgres) {
    const why = "PostgreSQL is not installed (apt-get install -y postgresql) and TEST_POSTGRES_URL is unset";
    // The check is complete without it: one snapshot and one schema, so the SQLite diff is empty
    // exactly when the PostgreSQL one is.
    if (!check) {
      console.error(`${why}: no migration written (both engines' are written together, or neither).`);
      return 1;
    }
    console.warn(`${why}: only the SQLite diff was checked.`);
  }
  const sql = {} as Record<Engine, string>;
  try {
    for (const engine of ENGINES) if (engine === "sqlite" || postgres) sql[engine] = pendingSql(engine, postgres?.url);
  } finally {
    postgres?.stop();
  }
  const changed = ENGINES.filter((engine) => sql[engine]);
  if (check) {
    for (const engine of changed) problems.push(`${engine}: the schema has changes with no migration`);
    if (problems.length) {
      console.error(problems.join("\n") + "\nRun: npm run db:migrations -- <name>");
      return 1;
    }
    console.log("schema and both migration histories are in step");
    return 0;
  }
  if (!changed.length) {
    console.log("the schema has no change since the last migration: nothing written");
    return 0;
  }
  if (reset) for (const engine of ENGINES) fs.rmSync(layout.migrations[engine], { recursive: true, force: true });
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  for (const engine of ENGINES) {
    const dir = path.join(layout.migrations[engine], `${stamp}_${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "migration.sql"), sql[engine] || NO_CHANGE);
    fs.writeFileSync(path.join(layout.migrations[engine], "migration_lock.toml"), `provider = "${engine}"\n`);
    console.log(`wrote ${path.relative(process.cwd(), dir)}`);
  }
  fs.writeFileSync(layout.snapshot, SNAPSHOT_NOTE + joinedSchema(layout.schemaDir));
  console.log(`wrote ${path.relative(process.cwd(), layout.snapshot)}`);
  return 0;
}

let status = 1;
try {
  status = await main();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(status);
