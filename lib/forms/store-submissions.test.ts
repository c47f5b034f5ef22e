import Database from "better-sqlite3";
import { expect, it } from "vitest";
import { dialectOf } from "@/lib/db/dialect";
import { toSqlitePlaceholders } from "@/lib/db/placeholders";
import { addressLookup } from "./store-submissions";

// A batch of submissions looks its addresses up in one statement (store-submissions.ts). Written as
// identifierOwners' OR of (type, value) pairs, SQLite planned it, from eight pairs on, as a walk over all of
// the brand's identifiers (the index's brandId alone): 150 µs per submission at a few thousand contacts,
// growing with the list; and an IN list without the index named was a SCAN under a new database's statistics.
const BY_KEY =
  /^SEARCH ContactIdentifier USING (COVERING )?INDEX ContactIdentifier_brandId_type_value_key \(brandId=\? AND type=\? AND value=\?\)$/;

it("looks a batch's addresses up by the unique index, whatever the statistics say", () => {
  const db = new Database(":memory:");
  db.exec(`
    CREATE TABLE "ContactIdentifier" ("id" TEXT NOT NULL PRIMARY KEY, "brandId" TEXT, "type" TEXT, "value" TEXT, "contactId" TEXT);
    CREATE UNIQUE INDEX "ContactIdentifier_brandId_type_value_key" ON "ContactIdentifier"("brandId", "type", "value");
    CREATE INDEX "ContactIdentifier_contactId_idx" ON "ContactIdentifier"("contactId");`);
  const insert = db.prepare(`INSERT INTO "ContactIdentifier" VALUES (?, 'b', 'email', ?, ?)`);
  const add = (from: number, to: number) => {
    for (let i = from; i < to; i++) insert.run(`i${i}`, `${i}@example.com`, `c${i}`);
  };
  const plan = (count: number) =>
    (
      db
        .prepare(`EXPLAIN QUERY PLAN ${toSqlitePlaceholders(addressLookup(dialectOf("sqlite"), count))}`)
        .all("b", ...Array(count).fill("x")) as {
        detail: string;
      }[]
    )
      .map((r) => r.detail)
      .join("; ");
  for (const count of [2, 8, 64]) {
    expect(plan(count)).toMatch(BY_KEY);
  }
  add(0, 48);
  db.exec("ANALYZE");
  add(48, 2_000);
  for (const count of [2, 8, 64]) {
    expect(plan(count)).toMatch(BY_KEY);
  }
});
