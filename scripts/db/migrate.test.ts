// The SQLite migration runner keeps rows that point at a table a migration rebuilds, and refuses a
// migration that leaves a foreign key pointing nowhere.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { applySqlite } from "./migrate";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function scratch(migrations: Record<string, string>): { url: string; dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrate-test-"));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(migrations)) {
    fs.mkdirSync(path.join(dir, "migrations", name), { recursive: true });
    fs.writeFileSync(path.join(dir, "migrations", name, "migration.sql"), sql);
  }
  const file = path.join(dir, "test.db");
  return { url: `file:${file}`, dir: path.join(dir, "migrations"), file };
}

const INIT = `CREATE TABLE "Parent" ("id" TEXT NOT NULL PRIMARY KEY);
CREATE TABLE "Child" ("id" TEXT NOT NULL PRIMARY KEY, "parentId" TEXT NOT NULL, CONSTRAINT "Child_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Parent" ("id") ON DELETE CASCADE);`;

// What Prisma writes when a column is added to a SQLite table in a way ALTER TABLE cannot do.
const REBUILD = `PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Parent" ("id" TEXT NOT NULL PRIMARY KEY, "name" TEXT NOT NULL DEFAULT 'x');
INSERT INTO "new_Parent" ("id") SELECT "id" FROM "Parent";
DROP TABLE "Parent";
ALTER TABLE "new_Parent" RENAME TO "Parent";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;`;

describe("SQLite migrations", () => {
  it("rebuilding a table keeps the rows that reference it", async () => {
    const { url, dir, file } = scratch({ "1_init": INIT });
    await applySqlite(url, { migrations: dir });
    const db = new Database(file);
    db.exec(`INSERT INTO "Parent" VALUES ('p'); INSERT INTO "Child" VALUES ('c', 'p');`);
    db.close();
    fs.mkdirSync(path.join(dir, "2_rebuild"));
    fs.writeFileSync(path.join(dir, "2_rebuild", "migration.sql"), REBUILD);
    expect(await applySqlite(url, { migrations: dir })).toEqual(["2_rebuild"]);
    const after = new Database(file);
    expect(after.prepare(`SELECT "id", "parentId" FROM "Child"`).all()).toEqual([{ id: "c", parentId: "p" }]);
    after.close();
  });

  it("refuses a migration that leaves a foreign key pointing nowhere, and applies none of it", async () => {
    const { url, dir, file } = scratch({ "1_init": INIT });
    await applySqlite(url, { migrations: dir });
    const db = new Database(file);
    db.exec(`INSERT INTO "Parent" VALUES ('p'); INSERT INTO "Child" VALUES ('c', 'p');`);
    db.close();
    fs.mkdirSync(path.join(dir, "2_lose_parents"));
    fs.writeFileSync(path.join(dir, "2_lose_parents", "migration.sql"), `DELETE FROM "Parent";`);
    await expect(applySqlite(url, { migrations: dir })).rejects.toThrow(
      /2_lose_parents failed: leaves 1 row\(s\) whose foreign key points nowhere/,
    );
    const after = new Database(file);
    expect(after.prepare(`SELECT COUNT(*) AS n FROM "Parent"`).get()).toEqual({ n: 1 });
    expect(after.prepare(`SELECT "name" FROM "_inkwell_migrations"`).all()).toEqual([{ name: "1_init" }]);
    after.close();
  });
});
