// The one hand-edited schema and both engines' migration histories:
//  - the drift test: the repository's schema has no change without a migration, and every migration has
//    its counterpart in the other engine's history;
//  - `npm run db:migrations` (on a copy of prisma/) writes both engines' migrations together, and writes
//    nothing when it cannot write PostgreSQL's.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres";

const root = path.resolve(import.meta.dirname, "../..");

function makeMigrations(args: string[], env: Record<string, string> = {}): { status: number; output: string } {
  try {
    const output = execFileSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/db/make-migrations.mts", ...args], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { status: 0, output };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { status: e.status, output: e.stdout + e.stderr };
  }
}

/** Every file under `dir`, relative, with its text. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = fs.readFileSync(file, "utf8");
  }
  return out;
}

let postgres: ThrowawayPostgres | null = null;
const postgresEnv = () => ({ TEST_POSTGRES_URL: postgres!.url });

beforeAll(async () => {
  if (process.env.TEST_POSTGRES_URL) postgres = { url: process.env.TEST_POSTGRES_URL, stop() {} };
  else if (findPostgresBin()) postgres = await startThrowawayPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

describe("schema and migrations", () => {
  it("are in step (npm run db:migrations -- <name> fixes drift)", () => {
    const { status, output } = makeMigrations(["--check"], postgres ? postgresEnv() : {});
    expect(output, output).toContain("in step");
    expect(status).toBe(0);
  }, 120_000);

  describe("on a copy of prisma/ with a new model", () => {
    let copy: string;
    beforeAll(() => {
      copy = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-prisma-"));
      fs.cpSync(path.join(root, "prisma"), copy, { recursive: true });
      fs.writeFileSync(
        path.join(copy, "schema", "zz-probe.prisma"),
        `model MigrationProbe {\n  id    String @id\n  label String\n  @@index([label])\n}\n`,
      );
    });
    afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

    it("refuses to write one engine's migration without PostgreSQL, and writes nothing", () => {
      const before = tree(copy);
      const { status, output } = makeMigrations(["probe", "--prisma-dir", copy], { POSTGRES_BIN: "none", TEST_POSTGRES_URL: "" });
      expect(output).toContain("no migration written");
      expect(status).toBe(1);
      expect(tree(copy)).toEqual(before);
    }, 120_000);

    it("writes both engines' migrations together and the new snapshot; the check then passes", (context) => {
      if (!postgres) return context.skip("PostgreSQL is not installed");
      const drift = makeMigrations(["--check", "--prisma-dir", copy], postgresEnv());
      expect(drift.output).toContain("the schema has changes with no migration");
      expect(drift.status).toBe(1);

      const { status, output } = makeMigrations(["probe", "--prisma-dir", copy], postgresEnv());
      expect(status, output).toBe(0);
      const written = (engine: string) => {
        const dir = path.join(copy, engine === "sqlite" ? "migrations" : "postgres/migrations");
        return fs.readdirSync(dir).filter((name) => name.endsWith("_probe"));
      };
      expect(written("sqlite")).toHaveLength(1);
      expect(written("postgresql")).toEqual(written("sqlite"));
      const sql = (sub: string) => fs.readFileSync(path.join(copy, sub, written("sqlite")[0], "migration.sql"), "utf8");
      expect(sql("migrations")).toContain(`CREATE TABLE "MigrationProbe"`);
      expect(sql("postgres/migrations")).toContain(`CREATE TABLE "MigrationProbe"`);
      expect(sql("postgres/migrations")).not.toEqual(sql("migrations"));
      expect(fs.readFileSync(path.join(copy, "schema-snapshot.prisma"), "utf8")).toContain("model MigrationProbe");

      const after = makeMigrations(["--check", "--prisma-dir", copy], postgresEnv());
      expect(after.output, after.output).toContain("in step");
      expect(after.status).toBe(0);

      // A migration in one history only is drift too.
      fs.rmSync(path.join(copy, "postgres/migrations", written("sqlite")[0]), { recursive: true });
      const lopsided = makeMigrations(["--check", "--prisma-dir", copy], postgresEnv());
      expect(lopsided.output).toContain(`sqlite: ${written("sqlite")[0]}`);
      expect(lopsided.status).toBe(1);
    }, 240_000);
  });
});
