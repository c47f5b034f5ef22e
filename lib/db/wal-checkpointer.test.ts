// The checkpointer's thread keeps the planner's statistics current: a table that grew tenfold after the
// server started is analyzed again within a round, though that thread's connection never queries it.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { startWalCheckpointer } from "./wal-checkpointer";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const rowsInStatistics = (db: Database.Database) =>
  (db.prepare(`SELECT "stat" FROM sqlite_stat1 WHERE "tbl" = 'Contact'`).get() as { stat: string } | undefined)?.stat;

test("statistics taken on a small table are renewed once it has grown", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-checkpointer-"));
  dirs.push(dir);
  const file = path.join(dir, "test.db");
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.exec(`CREATE TABLE "Contact" ("id" TEXT PRIMARY KEY, "brandId" TEXT NOT NULL)`);
  const insert = db.prepare(`INSERT INTO "Contact" VALUES (?, 'b')`);
  for (let i = 0; i < 50; i++) insert.run(`c${i}`);
  const checkpointer = startWalCheckpointer(file, createRequire(import.meta.url).resolve("better-sqlite3"), 50);
  try {
    await expect.poll(() => rowsInStatistics(db), { timeout: 5_000 }).toMatch(/^50 /);
    db.transaction(() => {
      for (let i = 50; i < 20_000; i++) insert.run(`c${i}`);
    })();
    await expect.poll(() => rowsInStatistics(db), { timeout: 5_000 }).toMatch(/^20000 /);
  } finally {
    await checkpointer.stop();
    db.close();
  }
});
