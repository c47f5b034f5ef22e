import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqliteRunner } from "./raw-sql";
import { SqliteGroupCommit } from "./sqlite-group-commit";

let dir: string;
let file: string;
let connection: Database.Database;
let group: SqliteGroupCommit;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "group-commit-"));
  file = path.join(dir, "test.db");
  connection = new Database(file, { timeout: 0 });
  connection.pragma("journal_mode = WAL");
  connection.exec(`CREATE TABLE "Item" ("name" TEXT PRIMARY KEY)`);
  group = new SqliteGroupCommit(connection, sqliteRunner(connection));
});

afterEach(() => {
  connection.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const names = () => connection.prepare(`SELECT "name" FROM "Item" ORDER BY "name"`).all().map((r) => (r as { name: string }).name);

describe("SqliteGroupCommit", () => {
  it("commits concurrent transactions together; one that throws is rolled back alone and gets its error", async () => {
    const results = await Promise.allSettled([
      group.run(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["a"])),
      group.run(async (tx) => {
        await tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["b"]);
        throw new Error("b fails after writing");
      }),
      group.run(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["c"])),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe("b fails after writing");
    expect(names()).toEqual(["a", "c"]);
  });

  it("a transaction sees the writes of the ones before it in the same batch, and a unique violation stays its own", async () => {
    const [first, second, third] = await Promise.allSettled([
      group.run(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["x"])),
      group.run(async (tx) => (await tx.all<{ n: number }>(`SELECT COUNT(*) AS n FROM "Item"`))[0].n),
      group.run(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["x"])),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second).toEqual({ status: "fulfilled", value: 1 });
    expect((third as PromiseRejectedResult).reason.code).toBe("SQLITE_CONSTRAINT_PRIMARYKEY");
    expect(names()).toEqual(["x"]);
  });

  it("waits for another connection's write lock instead of failing", async () => {
    const other = new Database(file);
    other.exec("BEGIN IMMEDIATE");
    other.exec(`INSERT INTO "Item" ("name") VALUES ('held')`);
    const pending = group.run(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["after"]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    other.exec("COMMIT");
    other.close();
    await expect(pending).resolves.toBe(1);
    expect(names()).toEqual(["after", "held"]);
  });

  it("a failed COMMIT rejects every transaction of the batch", async () => {
    connection.exec(`CREATE TABLE "Parent" ("id" TEXT PRIMARY KEY); CREATE TABLE "Child" ("parentId" TEXT REFERENCES "Parent"("id") DEFERRABLE INITIALLY DEFERRED)`);
    connection.pragma("foreign_keys = ON");
    const results = await Promise.allSettled([
      group.run(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["kept?"])),
      // a deferred foreign key is checked at COMMIT, which then fails for the whole batch
      group.run(async (tx) => tx.run(`INSERT INTO "Child" ("parentId") VALUES (?)`, ["missing"])),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(names()).toEqual([]);
  });
});
