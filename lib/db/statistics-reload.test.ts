// A connection opened while a table was small keeps planning for a small table after it grew and another
// connection analyzed it, until it reloads the statistics: the plan of a lookup of a few ids turns from a
// scan of the index into id lookups only then.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { reloadStatistics, reloadStatisticsWhenChanged } from "./statistics-reload";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function database() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-statistics-"));
  dirs.push(dir);
  const file = path.join(dir, "test.db");
  const setup = new Database(file);
  setup.pragma("journal_mode = WAL");
  setup.exec(`CREATE TABLE "Contact" ("id" TEXT PRIMARY KEY, "brandId" TEXT NOT NULL, "updatedAt" TEXT NOT NULL);
    CREATE INDEX "Contact_brandId_updatedAt_idx" ON "Contact" ("brandId", "updatedAt", "id");`);
  const insert = setup.prepare(`INSERT INTO "Contact" VALUES (?, 'b', '2026-11-27')`);
  for (let i = 0; i < 20; i++) insert.run(`c${i}`);
  setup.exec("ANALYZE");
  return { file, setup, insert };
}

const LOOKUP = `SELECT c."id" FROM "Contact" c WHERE c."id" IN ('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8') AND +c."brandId" = 'b'`;
const plan = (db: Database.Database) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${LOOKUP}`).all() as { detail: string }[]).map((r) => r.detail).join("; ");

function grow({ setup, insert }: ReturnType<typeof database>) {
  setup.transaction(() => {
    for (let i = 20; i < 100_000; i++) insert.run(`c${i}`);
  })();
  setup.exec("ANALYZE");
}

test("a connection plans with the statistics it loaded until it reloads them", () => {
  const db = database();
  const reader = new Database(db.file);
  reader.pragma("query_only = ON");
  expect(plan(reader)).toMatch(/^SCAN c/);
  grow(db);
  expect(plan(reader), "another connection's ANALYZE is not seen").toMatch(/^SCAN c/);
  expect(reloadStatistics(reader)).toBe(true);
  expect(plan(reader)).toMatch(/^SEARCH c USING INDEX sqlite_autoindex_Contact_1 \(id=\?\)/);
  expect(reader.pragma("query_only", { simple: true }), "the reader stays query-only").toBe(1);
  reader.close();
  db.setup.close();
});

test("the check reloads both connections when the statistics changed, and only then", async () => {
  const db = database();
  const reader = new Database(db.file);
  reader.pragma("query_only = ON");
  const writer = new Database(db.file);
  expect(plan(writer)).toMatch(/^SCAN c/);
  let writerReloads = 0;
  const watcher = reloadStatisticsWhenChanged(
    reader,
    async () => {
      writerReloads++;
      return reloadStatistics(writer);
    },
    3_600_000,
  );
  expect(await watcher.check(), "nothing changed yet").toBe(false);
  grow(db);
  expect(await watcher.check()).toBe(true);
  expect(plan(reader)).toMatch(/^SEARCH c USING INDEX sqlite_autoindex_Contact_1/);
  expect(plan(writer)).toMatch(/^SEARCH c USING INDEX sqlite_autoindex_Contact_1/);
  expect(await watcher.check(), "loaded already").toBe(false);
  expect(writerReloads).toBe(1);
  watcher.stop();
  reader.close();
  writer.close();
  db.setup.close();
});
