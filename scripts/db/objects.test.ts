// Every hand-written database object (lib/db/objects.ts) exists on an empty database migrated as
// `npm start` migrates it, on each engine; and a later migration that drops one is caught: a table
// rebuilt the way Prisma rebuilds SQLite tables, an index dropped the way a diff from a live database
// would drop it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { HAND_WRITTEN_OBJECTS, missingObjects } from "../../lib/db/objects";
import { applyMigrations } from "./migrate";
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-objects-"));
  dirs.push(dir);
  return dir;
};
let postgres: ThrowawayPostgres | null = null;
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  postgres?.stop();
});

/** A folder holding one migration (applied after the repository's, whose names sort before it). */
function laterMigration(sql: string): string {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, "29991231000000_later_change"));
  fs.writeFileSync(path.join(dir, "29991231000000_later_change", "migration.sql"), sql);
  return dir;
}

describe("hand-written database objects (lib/db/objects.ts)", () => {
  it("the list names objects of both engines", () => {
    expect(new Set(HAND_WRITTEN_OBJECTS.map((o) => o.engine))).toEqual(new Set(["sqlite", "postgres"]));
  });

  describe("SQLite", () => {
    const migrated = async () => {
      const file = path.join(tempDir(), "objects.db");
      await applyMigrations(`file:${file}`);
      return file;
    };
    const missing = async (file: string) => {
      const db = new Database(file);
      try {
        return await missingObjects("sqlite", async (sql) => db.prepare(sql).all());
      } finally {
        db.close();
      }
    };

    it("every listed object exists after the migrations", async () => {
      expect(await missing(await migrated())).toEqual([]);
    });

    it("a migration that rebuilds a table (as Prisma's SQLite migrations do) is caught", async () => {
      const file = await migrated();
      // Prisma's redefine: the table created anew, rows copied, the old one dropped, the new one renamed,
      // its indexes created again. What Prisma cannot see goes with the old table.
      const db = new Database(file);
      const rebuild = (table: string) => {
        const { sql } = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) as { sql: string };
        const indexes = db
          .prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`)
          .all(table) as {
          sql: string;
        }[];
        return [
          sql.replace(`CREATE TABLE "${table}"`, `CREATE TABLE "new_${table}"`) + ";",
          `INSERT INTO "new_${table}" SELECT * FROM "${table}";`,
          `DROP TABLE "${table}";`,
          `ALTER TABLE "new_${table}" RENAME TO "${table}";`,
          ...indexes.map((i) => `${i.sql};`),
        ].join("\n");
      };
      const sql = `${rebuild("Contact")}\n${rebuild("ContactEvent")}\n`;
      db.close();
      await applyMigrations(`file:${file}`, { migrations: laterMigration(sql) });
      expect(await missing(file)).toEqual([
        "trigger Contact_search_insert (created by 20261124052330_contact_search_and_erasure)",
        "trigger Contact_search_update (created by 20261124052330_contact_search_and_erasure)",
        "trigger Contact_search_delete (created by 20261124052330_contact_search_and_erasure)",
        "planner statistics (sqlite_stat1) ContactEvent_brandId_contactId_eventTime_idx (created by 20261126050000_contact_event_planner_stats)",
        "planner statistics (sqlite_stat1) ContactEvent_brandId_eventName_eventTime_idx (created by 20261126050000_contact_event_planner_stats)",
      ]);
    });
  });

  describe("PostgreSQL", () => {
    const database = async (name: string): Promise<string | null> => {
      if (!findPostgresBin() && !process.env.TEST_POSTGRES_URL) return null;
      postgres ??= process.env.TEST_POSTGRES_URL ? { url: process.env.TEST_POSTGRES_URL, stop() {} } : await startThrowawayPostgres();
      const { createDatabase } = await import("./throwaway-postgres");
      return createDatabase(postgres.url, name);
    };
    const missing = async (url: string) => {
      const { Client } = await import("pg");
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        return await missingObjects("postgres", async (sql) => (await client.query(sql)).rows);
      } finally {
        await client.end();
      }
    };

    it("every listed object exists after the migrations; a migration that drops one is caught", async (context) => {
      const url = await database("inkwell_objects");
      // Like the schema drift check: machines without PostgreSQL check SQLite only; CI installs it.
      if (!url) return context.skip("PostgreSQL is not installed");
      await applyMigrations(url);
      expect(await missing(url)).toEqual([]);
      await applyMigrations(url, { migrations: laterMigration(`DROP INDEX "Contact_name_words_idx";\n`) });
      expect(await missing(url)).toEqual(["GIN expression index Contact_name_words_idx (created by 20261124090000_contact_search_words)"]);
    }, 120_000);
  });
});
