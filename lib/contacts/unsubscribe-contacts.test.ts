// applyUnsubscribe runs in the transaction of every hard bounce and complaint (lib/delivery outcomes): its
// statements must find their rows by the ids given, never by walking the brand's index, or a bounce storm
// costs time in proportion to the brand's contacts (bench:inbound: 3.5 ms of CPU a notice at 20,000
// contacts, 1.6 ms at 4,000). Checked with the plans of a new database (no planner statistics) and with
// statistics taken while the brand had one contact (a server's PRAGMA optimize at start, then a bulk
// load): with those the embedded engine scanned the whole Contact and ContactIdentifier tables per bounce.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryDatabase, type MemoryDatabase } from "@/lib/db/memory-database";
import type { SqlRunner } from "@/lib/db/sql";
import { applyUnsubscribe } from "./unsubscribe-contacts";

const NOW = new Date("2026-11-29T10:00:00Z");
let database: MemoryDatabase;

beforeAll(() => {
  database = memoryDatabase();
  for (const [brandId, n] of [
    ["b", 50],
    ["other", 5],
  ] as const)
    for (let i = 0; i < n; i++) {
      const id = `${brandId}-c${i}`;
      database.insert("Contact", { id, brandId, customProperties: "{}", createdAt: NOW, updatedAt: NOW });
      database.insert("ContactIdentifier", {
        id: `${id}-email`,
        brandId,
        contactId: id,
        type: "email",
        value: `${id}@example.test`,
        status: "subscribed",
        statusChangedAt: NOW,
        createdAt: NOW,
      });
    }
});
afterAll(() => database.close());

/** The runner, recording each statement and its parameters. */
function recording(): { tx: SqlRunner; statements: { sql: string; params: readonly unknown[] }[] } {
  const statements: { sql: string; params: readonly unknown[] }[] = [];
  const inner = database.runner;
  const tx: SqlRunner = {
    kind: inner.kind,
    dialect: inner.dialect,
    all: (sql, params = []) => (statements.push({ sql, params }), inner.all(sql, params)),
    run: (sql, params = []) => (statements.push({ sql, params }), inner.run(sql, params)),
  };
  return { tx, statements };
}

/** Plan lines that search a table by its brand alone or scan it whole, for each statement. */
async function brandWideSearches(statements: { sql: string; params: readonly unknown[] }[]): Promise<string[]> {
  const found: string[] = [];
  for (const s of statements) {
    const plan = await database.runner.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${s.sql}`, s.params);
    for (const { detail } of plan)
      if (/\(brandId=\?( AND type=\?)?\)|^SCAN (Contact|ContactIdentifier)\b/.test(detail))
        found.push(`${detail} <- ${s.sql.slice(0, 60)}`);
  }
  return found;
}

describe("applyUnsubscribe", () => {
  it("a hard bounce (one address) reads and writes its contact's rows by their ids", async () => {
    const { tx, statements } = recording();
    expect(await applyUnsubscribe(tx, "b", ["b-c7"], NOW, "bounce", "b-c7@example.test")).toEqual(["b-c7"]);
    expect(statements.length).toBeGreaterThanOrEqual(3);
    expect(await brandWideSearches(statements)).toEqual([]);
  });

  it("a complaint (every address) reads and writes its contact's rows by their ids", async () => {
    const { tx, statements } = recording();
    expect(await applyUnsubscribe(tx, "b", ["b-c8"], NOW, "complaint")).toEqual(["b-c8"]);
    expect(await brandWideSearches(statements)).toEqual([]);
  });

  it("still changes only the brand's own contacts", async () => {
    const { tx } = recording();
    expect(await applyUnsubscribe(tx, "b", ["other-c1", "b-c9"], NOW, "api:session")).toEqual(["b-c9"]);
    const [other] = database.all<{ status: string }>(`SELECT "status" FROM "ContactIdentifier" WHERE "id" = 'other-c1-email'`);
    expect(other.status).toBe("subscribed");
  });
});

describe("applyUnsubscribe with statistics taken when the brand was small", () => {
  let stale: MemoryDatabase;
  beforeAll(async () => {
    stale = memoryDatabase();
    const add = (i: number) => {
      stale.insert("Contact", { id: `s${i}`, brandId: "b", customProperties: "{}", createdAt: NOW, updatedAt: NOW });
      stale.insert("ContactIdentifier", {
        id: `s${i}-email`,
        brandId: "b",
        contactId: `s${i}`,
        type: "email",
        value: `s${i}@example.test`,
        status: "subscribed",
        statusChangedAt: NOW,
        createdAt: NOW,
      });
    };
    add(0);
    await stale.runner.run("ANALYZE");
    for (let i = 1; i < 200; i++) add(i);
  });
  afterAll(() => stale.close());

  // A complaint (every address of the contact) still scans ContactIdentifier with such statistics: its
  // contactId index is not unique, and no form of the query made the planner prefer it (PRAGMA optimize, every
  // few minutes, corrects the statistics).
  it("a hard bounce still finds its rows by key, not by scanning the tables", async () => {
    for (const [contact, address] of [["s7", "s7@example.test"]] as const) {
      const statements: { sql: string; params: readonly unknown[] }[] = [];
      const tx: SqlRunner = {
        kind: stale.runner.kind,
        dialect: stale.runner.dialect,
        all: (sql, params = []) => (statements.push({ sql, params }), stale.runner.all(sql, params)),
        run: (sql, params = []) => (statements.push({ sql, params }), stale.runner.run(sql, params)),
      };
      expect(await applyUnsubscribe(tx, "b", [contact], NOW, "bounce", address)).toEqual([contact]);
      const found: string[] = [];
      for (const s of statements)
        for (const { detail } of await stale.runner.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${s.sql}`, s.params))
          if (/\(brandId=\?( AND type=\?)?\)|^SCAN (Contact|ContactIdentifier)\b/.test(detail))
            found.push(`${detail} <- ${s.sql.slice(0, 60)}`);
      expect(found).toEqual([]);
    }
  });
});
