// The contact search index on SQLite (migration contact_search_and_erasure): contacts stored before the
// migration are found after it; the triggers keep the index in step with inserts, renames and deletes;
// a phone number is found without its country code. A later migration that rebuilds "Contact" or
// "ContactIdentifier" drops the triggers: this test then fails until it recreates them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyMigrations } from "./migrate";

const MIGRATION = "20261124052330_contact_search_and_erasure";

describe(`migration ${MIGRATION} (SQLite search index)`, () => {
  it("indexes existing contacts and follows every later write", async () => {
    const { default: Database } = await import("better-sqlite3");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-search-"));
    const file = path.join(dir, "search.db");
    try {
      await applyMigrations(`file:${file}`, { before: MIGRATION });
      const db = new Database(file);
      const now = new Date().toISOString();
      db.prepare(
        `INSERT INTO "Brand" ("id", "name", "plan", "features", "createdAt", "updatedAt") VALUES ('b1', 'Brand', 'standard', '{}', ?, ?)`,
      ).run(now, now);
      const contact = db.prepare(
        `INSERT INTO "Contact" ("id", "brandId", "firstName", "lastName", "customProperties", "createdAt", "updatedAt") VALUES (?, 'b1', ?, ?, '{}', ?, ?)`,
      );
      const identifier = db.prepare(
        `INSERT INTO "ContactIdentifier" ("id", "brandId", "contactId", "type", "value", "status", "statusChangedAt", "createdAt") VALUES (?, 'b1', ?, ?, ?, 'subscribed', ?, ?)`,
      );
      contact.run("c1", "Zoë", "Avalon", now, now);
      identifier.run("i1", "c1", "email", "zoe@example.org", now, now);
      db.close();

      expect(await applyMigrations(`file:${file}`)).toContain(MIGRATION);
      const after = new Database(file);
      const names = (q: string) =>
        after
          .prepare(
            `SELECT c."id" FROM "Contact" c WHERE c.rowid IN (SELECT rowid FROM "ContactNameSearch" WHERE "ContactNameSearch" MATCH ?)`,
          )
          .all(q)
          .map((r) => (r as { id: string }).id);
      const values = (q: string) =>
        after
          .prepare(
            `SELECT i."contactId" AS id FROM "ContactIdentifier" i WHERE i.rowid IN (SELECT rowid FROM "ContactIdentifierSearch" WHERE "ContactIdentifierSearch" MATCH ?)`,
          )
          .all(q)
          .map((r) => (r as { id: string }).id);
      const triggers = after
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%search%' ORDER BY name`)
        .all()
        .map((r) => (r as { name: string }).name);
      expect(triggers).toEqual([
        "ContactIdentifier_search_delete",
        "ContactIdentifier_search_insert",
        "ContactIdentifier_search_update",
        "Contact_search_delete",
        "Contact_search_insert",
        "Contact_search_update",
      ]);

      expect(names('"zoe" *')).toEqual(["c1"]);
      expect(names('"aval" *')).toEqual(["c1"]);
      expect(values('"example org" *')).toEqual(["c1"]);

      after
        .prepare(
          `INSERT INTO "Contact" ("id", "brandId", "firstName", "lastName", "customProperties", "createdAt", "updatedAt") VALUES ('c2', 'b1', 'Ada', 'Lovelace', '{}', ?, ?)`,
        )
        .run(now, now);
      after
        .prepare(
          `INSERT INTO "ContactIdentifier" ("id", "brandId", "contactId", "type", "value", "status", "statusChangedAt", "createdAt") VALUES ('i2', 'b1', 'c2', 'phone', '+14155552671', 'subscribed', ?, ?)`,
        )
        .run(now, now);
      expect(names('"ada" *')).toEqual(["c2"]);
      expect(values('"415555" *')).toEqual(["c2"]);
      expect(values('"1415" *')).toEqual(["c2"]);

      after.prepare(`UPDATE "Contact" SET "firstName" = 'Augusta' WHERE "id" = 'c2'`).run();
      expect(names('"ada" *')).toEqual([]);
      expect(names('"augusta" *')).toEqual(["c2"]);
      after.prepare(`DELETE FROM "ContactIdentifier" WHERE "id" = 'i2'`).run();
      after.prepare(`DELETE FROM "Contact" WHERE "id" = 'c2'`).run();
      expect(names('"augusta" *')).toEqual([]);
      expect(values('"415555" *')).toEqual([]);
      after.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
