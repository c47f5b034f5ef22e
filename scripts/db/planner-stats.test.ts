// A fresh SQLite database, migrated as `npm start` migrates it, must plan a contact's events filtered by
// name through the contact's index: with no statistics SQLite took the event name's index and read every
// event of that name in the brand (migration contact_event_planner_stats).
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

async function migrated(): Promise<Database.Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planner-stats-"));
  dirs.push(dir);
  const file = path.join(dir, "test.db");
  await applySqlite(`file:${file}`);
  return new Database(file);
}

const plan = (db: Database.Database, statement: string, ...params: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${statement}`).all(...params) as { detail: string }[]).map((r) => r.detail).join("\n");

describe("ContactEvent planner statistics", () => {
  it("a contact's events of one name are read through (brandId, contactId, eventTime)", async () => {
    const db = await migrated();
    // The statement Prisma sends for GET /api/contacts/{id}/events?eventName=... (one name).
    const timeline = plan(
      db,
      `SELECT "id" FROM "ContactEvent" WHERE "brandId" = ? AND "contactId" = ? AND "eventName" IN (?) ORDER BY "eventTime" DESC, "id" DESC LIMIT ?`,
      "b",
      "c",
      "placed order",
      51,
    );
    expect(timeline).toContain("USING INDEX ContactEvent_brandId_contactId_eventTime_idx (brandId=? AND contactId=?)");
    // A brand's events of one name over a period still use the name's index.
    const byName = plan(
      db,
      `SELECT COUNT(*) FROM "ContactEvent" WHERE "brandId" = ? AND "eventName" = ? AND "eventTime" >= ?`,
      "b",
      "placed order",
      "2026-01-01",
    );
    expect(byName).toContain("ContactEvent_brandId_eventName_eventTime_idx");
    db.close();
  });
});
