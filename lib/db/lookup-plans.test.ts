import Database from "better-sqlite3";
import { expect, it } from "vitest";
import { PROFILE_FIELDS } from "@/lib/contacts/profile-fields";
import { lookups } from "@/lib/events/worker/resolve-contacts";
import { addressLookup } from "@/lib/forms/store-submissions";
import { dialectOf } from "./dialect";
import { toSqlitePlaceholders } from "./placeholders";

// The events worker's lookups of a batch's identifiers and profiles (lib/events/worker/resolve-contacts.ts)
// on a database whose statistics were measured when it was new: the checkpointer's PRAGMA optimize at
// start analyzed a few dozen demo contacts, and SQLite then planned a batch's IN list of keys as a SCAN of
// the whole table (35,000 contacts, 6-10 ms per batch, more as it grew) until the next optimize.
it("looks a batch's keys up by their unique indexes even with the statistics of a new database", () => {
  const db = new Database(":memory:");
  db.exec(`
    CREATE TABLE "ContactIdentifier" ("id" TEXT NOT NULL PRIMARY KEY, "brandId" TEXT, "type" TEXT, "value" TEXT, "contactId" TEXT);
    CREATE UNIQUE INDEX "ContactIdentifier_brandId_type_value_key" ON "ContactIdentifier"("brandId", "type", "value");
    CREATE INDEX "ContactIdentifier_contactId_idx" ON "ContactIdentifier"("contactId");
    CREATE TABLE "Contact" ("id" TEXT NOT NULL PRIMARY KEY, "brandId" TEXT NOT NULL, ${PROFILE_FIELDS.map((f) => `"${f}" TEXT`).join(", ")});
    CREATE INDEX "Contact_brandId_createdAt_id_idx" ON "Contact"("brandId", "firstName", "id");`);
  const add = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      db.prepare(`INSERT INTO "Contact" ("id", "brandId") VALUES (?, 'b')`).run(`c${i}`);
      db.prepare(`INSERT INTO "ContactIdentifier" VALUES (?, 'b', 'email', ?, ?)`).run(`i${i}`, `${i}@example.com`, `c${i}`);
    }
  };
  add(0, 48);
  db.exec("ANALYZE");
  add(48, 2_000); // grown since: the statistics still say 48 rows
  const plan = (sql: string, params: number) =>
    (
      db.prepare(`EXPLAIN QUERY PLAN ${toSqlitePlaceholders(sql)}`).all(...Array.from({ length: params }, () => "x")) as {
        detail: string;
      }[]
    )
      .map((r) => r.detail)
      .join("; ");
  const dialect = dialectOf("sqlite");
  expect(plan(lookups.identifiers(dialect, 300), 302)).toMatch(
    /^SEARCH ContactIdentifier USING INDEX ContactIdentifier_brandId_type_value_key/,
  );
  expect(plan(lookups.profiles(dialect, 300), 301)).toMatch(/^SEARCH Contact USING INDEX sqlite_autoindex_Contact_1 \(id=\?\)/);
});

// A batch of form submissions looks its addresses up in one statement (lib/forms/store-submissions.ts).
// Written as identifierOwners' OR of (type, value) pairs, SQLite planned it from eight pairs on as a walk
// over all of the brand's email identifiers (brandId=? AND type=?): 150 µs per submission at a few thousand
// contacts, growing with the list; an IN list without its index named was a SCAN under stale statistics.
it("looks a batch of form submissions' addresses up by the unique index, whatever the statistics say", () => {
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
        .all("b", ...Array.from({ length: count }, () => "x")) as { detail: string }[]
    )
      .map((r) => r.detail)
      .join("; ");
  const byKey =
    /^SEARCH ContactIdentifier USING (COVERING )?INDEX ContactIdentifier_brandId_type_value_key \(brandId=\? AND type=\? AND value=\?\)$/;
  for (const count of [2, 8, 64]) expect(plan(count)).toMatch(byKey);
  add(0, 48);
  db.exec("ANALYZE");
  add(48, 2_000); // grown since: the statistics still say 48 rows
  for (const count of [2, 8, 64]) expect(plan(count)).toMatch(byKey);
});
