// applyUnsubscribe runs in the transaction of every hard bounce and complaint (lib/delivery outcomes): its
// statements must find their rows by the ids given, never by walking the brand's index, or a bounce storm
// costs time in proportion to the brand's contacts (bench:inbound: 3.5 ms of CPU a notice at 20,000
// contacts, 1.6 ms at 4,000). The plans are those of a new database (no planner statistics), as a server
// started on one plans until its first ANALYZE.
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

/** Plan lines that search a table by its brand alone (the brand's whole index range), for each statement. */
async function brandWideSearches(statements: { sql: string; params: readonly unknown[] }[]): Promise<string[]> {
  const found: string[] = [];
  for (const s of statements) {
    const plan = await database.runner.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${s.sql}`, s.params);
    for (const { detail } of plan) if (/\(brandId=\?( AND type=\?)?\)/.test(detail)) found.push(`${detail} <- ${s.sql.slice(0, 60)}`);
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
