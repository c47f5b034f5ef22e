import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteWriter } from "./sqlite-writer";
import { WalSync } from "./wal-sync";

let dir: string;
let file: string;
let connection: Database.Database;
let writer: SqliteWriter;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "group-commit-"));
  file = path.join(dir, "test.db");
  connection = new Database(file, { timeout: 0 });
  connection.pragma("journal_mode = WAL");
  connection.exec(`CREATE TABLE "Item" ("name" TEXT PRIMARY KEY)`);
  writer = new SqliteWriter(connection, new WalSync(`${file}-wal`));
});

afterEach(() => {
  connection.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const names = () =>
  connection
    .prepare(`SELECT "name" FROM "Item" ORDER BY "name"`)
    .all()
    .map((r) => (r as { name: string }).name);

describe("SqliteWriter group commit", () => {
  it("commits concurrent transactions together; one that throws is rolled back alone and gets its error", async () => {
    const results = await Promise.allSettled([
      writer.transaction(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["a"])),
      writer.transaction(async (tx) => {
        await tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["b"]);
        throw new Error("b fails after writing");
      }),
      writer.transaction(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["c"])),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe("b fails after writing");
    expect(names()).toEqual(["a", "c"]);
  });

  it("a transaction sees the writes of the ones before it in the same batch, and a unique violation stays its own", async () => {
    const [first, second, third] = await Promise.allSettled([
      writer.transaction(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["x"])),
      writer.transaction(async (tx) => (await tx.all<{ n: number }>(`SELECT COUNT(*) AS n FROM "Item"`))[0].n),
      writer.transaction(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["x"])),
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
    const pending = writer.transaction(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["after"]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    other.exec("COMMIT");
    other.close();
    await expect(pending).resolves.toBe(1);
    expect(names()).toEqual(["after", "held"]);
  });

  it("a failed COMMIT rejects every transaction of the batch", async () => {
    connection.exec(
      `CREATE TABLE "Parent" ("id" TEXT PRIMARY KEY); CREATE TABLE "Child" ("parentId" TEXT REFERENCES "Parent"("id") DEFERRABLE INITIALLY DEFERRED)`,
    );
    connection.pragma("foreign_keys = ON");
    const results = await Promise.allSettled([
      writer.transaction(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["kept?"])),
      // a deferred foreign key is checked at COMMIT, which then fails for the whole batch
      writer.transaction(async (tx) => tx.run(`INSERT INTO "Child" ("parentId") VALUES (?)`, ["missing"])),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(names()).toEqual([]);
  });
});

describe("SqliteWriter turns", () => {
  it("runs turns one at a time in the order they were asked for, group-committed batches included", async () => {
    const order: string[] = [];
    const release = await writer.acquire();
    const second = writer.turn(async () => void order.push("turn"));
    const third = writer.transaction(async (tx) => {
      order.push("transaction");
      return tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["t"]);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    order.push("held");
    release();
    await Promise.all([second, third]);
    expect(order).toEqual(["held", "turn", "transaction"]);
  });

  it("an urgent transaction runs in the next batch, ahead of background work queued before it, which still runs", async () => {
    const order: string[] = [];
    const insert = (name: string) => (tx: Parameters<Parameters<SqliteWriter["transaction"]>[0]>[0]) => {
      order.push(name);
      return tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, [name]);
    };
    // 130 background transactions: three batches of at most 64.
    const background = Array.from({ length: 130 }, (_, i) => writer.transaction(insert(`bg${String(i).padStart(3, "0")}`)));
    const urgent = writer.transaction(insert("urgent"), { urgent: true });
    await Promise.all([urgent, ...background]);
    expect(order.indexOf("urgent")).toBe(0);
    expect(names()).toHaveLength(131);
  });

  it("a durable transaction settles after the WAL's fsync, a plain one right after the commit", async () => {
    const events: string[] = [];
    const durable = writer
      .transaction(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["d"]), { durable: true })
      .then(() => events.push("durable"));
    const plain = writer
      .transaction(async (tx) => tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, ["p"]))
      .then(() => events.push("plain"));
    await Promise.all([durable, plain]);
    expect(events).toEqual(["plain", "durable"]);
    expect(writer.counters).toMatchObject({ syncs: 1, commits: 1 });
    expect(names()).toEqual(["d", "p"]);
  });
});
