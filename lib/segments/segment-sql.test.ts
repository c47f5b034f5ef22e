// The condition translator, run against a real SQLite database built from the migration, plus the
// PostgreSQL text it writes (the API suite runs it on PostgreSQL for real).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { ConditionGroups, type Condition } from "./conditions";
import { segmentSql } from "./segment-sql";
import { toPostgresPlaceholders, toSqlitePlaceholders } from "@/lib/db/placeholders";
import { Sql } from "./sql";

const NOW = new Date("2026-06-01T00:00:00.000Z");
const days = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();
let sqlite: Database.Database;

function insertContact(id: string, fields: Record<string, unknown> = {}) {
  const row = { id, brandId: "b", customProperties: "{}", createdAt: days(10), updatedAt: days(1), ...fields };
  const keys = Object.keys(row);
  sqlite.prepare(`INSERT INTO "Contact" (${keys.map((k) => `"${k}"`).join(",")}) VALUES (${keys.map(() => "?").join(",")})`).run(...Object.values(row));
}

beforeAll(() => {
  sqlite = new Database(":memory:");
  const dir = path.resolve(import.meta.dirname, "../../prisma/migrations");
  for (const m of fs.readdirSync(dir).filter((d) => fs.existsSync(path.join(dir, d, "migration.sql"))).sort()) {
    sqlite.exec(fs.readFileSync(path.join(dir, m, "migration.sql"), "utf8"));
  }
  sqlite.pragma("foreign_keys = OFF"); // brands are irrelevant to the translator
  insertContact("anna", { firstName: "Anna", city: "Berlin", customProperties: JSON.stringify({ plan: "gold", visits: 12, vip: true }), createdAt: days(2) });
  insertContact("bob", { firstName: "Bob", customProperties: JSON.stringify({ plan: "silver", visits: 3, vip: false }), createdAt: days(40) });
  insertContact("carl", { customProperties: JSON.stringify({ visits: "12" }) });
  insertContact("other-brand", { brandId: "x", firstName: "Anna" });
  const ident = sqlite.prepare(`INSERT INTO "ContactIdentifier" (id, "brandId", "contactId", type, value, status, "statusChangedAt", "sendWelcomeMessage", "createdAt") VALUES (?, 'b', ?, ?, ?, ?, ?, 1, ?)`);
  ident.run("i1", "anna", "email", "anna@x.io", "subscribed", days(1), days(1));
  ident.run("i2", "bob", "email", "bob@x.io", "unsubscribed", days(1), days(1));
  ident.run("i3", "bob", "phone", "+14155552671", "subscribed", days(1), days(1));
  const tag = sqlite.prepare(`INSERT INTO "ContactTag" ("contactId", "brandId", tag) VALUES (?, 'b', ?)`);
  tag.run("anna", "vip");
  tag.run("carl", "vip");
  const event = sqlite.prepare(`INSERT INTO "ContactEvent" (id, "brandId", "contactId", "eventName", origin, "eventTime", "receivedAt", properties) VALUES (?, 'b', ?, ?, 'web', ?, ?, '{}')`);
  event.run("e1", "anna", "order", days(1), days(1));
  event.run("e2", "anna", "order", days(3), days(3));
  event.run("e3", "anna", "order", days(60), days(60));
  event.run("e4", "bob", "order", days(50), days(50));
});

/** Ids of brand b's contacts matching the groups, sorted. */
function members(groups: unknown): string[] {
  const sql = new Sql("sqlite");
  const where = `c."brandId" = ${sql.p("b")} AND ${segmentSql(ConditionGroups.parse(groups), sql, NOW)}`;
  const params = sql.params.map((p) => (p instanceof Date ? p.toISOString() : p));
  return (sqlite.prepare(toSqlitePlaceholders(`SELECT c.id FROM "Contact" c WHERE ${where} ORDER BY c.id`)).all(...params) as { id: string }[]).map((r) => r.id);
}
const one = (condition: Record<string, unknown>) => members([{ conditions: [condition] }]);

describe("segment conditions on SQLite", () => {
  it("status per channel", () => {
    expect(one({ type: "status", channel: "email", operator: "is", value: "subscribed" })).toEqual(["anna"]);
    expect(one({ type: "status", channel: "sms", operator: "is", value: "subscribed" })).toEqual(["bob"]);
    expect(one({ type: "status", channel: "email", operator: "isNot", value: "subscribed" })).toEqual(["bob", "carl"]);
  });

  it("tags", () => {
    expect(one({ type: "tag", operator: "has", value: "vip" })).toEqual(["anna", "carl"]);
    expect(one({ type: "tag", operator: "hasNot", value: "vip" })).toEqual(["bob"]);
  });

  it("profile fields", () => {
    expect(one({ type: "profile", field: "firstName", operator: "equals", value: "Anna" })).toEqual(["anna"]);
    expect(one({ type: "profile", field: "firstName", operator: "notEquals", value: "Anna" })).toEqual(["bob", "carl"]);
    expect(one({ type: "profile", field: "city", operator: "contains", value: "ERL" })).toEqual(["anna"]);
    expect(one({ type: "profile", field: "city", operator: "contains", value: "%" })).toEqual([]);
    expect(one({ type: "profile", field: "firstName", operator: "exists" })).toEqual(["anna", "bob"]);
    expect(one({ type: "profile", field: "firstName", operator: "notExists" })).toEqual(["carl"]);
  });

  it("custom properties compare type and value", () => {
    expect(one({ type: "customProperty", key: "plan", operator: "equals", value: "gold" })).toEqual(["anna"]);
    expect(one({ type: "customProperty", key: "plan", operator: "notEquals", value: "gold" })).toEqual(["bob", "carl"]);
    expect(one({ type: "customProperty", key: "visits", operator: "equals", value: 12 })).toEqual(["anna"]);
    expect(one({ type: "customProperty", key: "visits", operator: "equals", value: "12" })).toEqual(["carl"]);
    expect(one({ type: "customProperty", key: "visits", operator: "gte", value: 3 })).toEqual(["anna", "bob"]);
    expect(one({ type: "customProperty", key: "visits", operator: "lt", value: 10 })).toEqual(["bob"]);
    expect(one({ type: "customProperty", key: "vip", operator: "equals", value: true })).toEqual(["anna"]);
    expect(one({ type: "customProperty", key: "vip", operator: "equals", value: false })).toEqual(["bob"]);
    expect(one({ type: "customProperty", key: "plan", operator: "contains", value: "OL" })).toEqual(["anna"]);
    expect(one({ type: "customProperty", key: "plan", operator: "exists" })).toEqual(["anna", "bob"]);
    expect(one({ type: "customProperty", key: "plan", operator: "notExists" })).toEqual(["carl"]);
  });

  it("dates", () => {
    expect(one({ type: "date", field: "createdAt", operator: "withinLastDays", value: 5 })).toEqual(["anna"]);
    expect(one({ type: "date", field: "createdAt", operator: "before", value: days(30) })).toEqual(["bob"]);
    expect(one({ type: "date", field: "createdAt", operator: "after", value: days(30) })).toEqual(["anna", "carl"]);
  });

  it("events: did / did not, at least N times, within D days", () => {
    expect(one({ type: "event", eventName: "order", operator: "did" })).toEqual(["anna", "bob"]);
    expect(one({ type: "event", eventName: "order", operator: "didNot" })).toEqual(["carl"]);
    expect(one({ type: "event", eventName: "order", operator: "did", atLeast: 3 })).toEqual(["anna"]);
    expect(one({ type: "event", eventName: "order", operator: "did", atLeast: 2, withinLastDays: 7 })).toEqual(["anna"]);
    expect(one({ type: "event", eventName: "order", operator: "did", atLeast: 3, withinLastDays: 7 })).toEqual([]);
    expect(one({ type: "event", eventName: "order", operator: "didNot", atLeast: 2 })).toEqual(["bob", "carl"]);
    expect(one({ type: "event", eventName: "order", operator: "did", withinLastDays: 30 })).toEqual(["anna"]);
  });

  it("ANDs conditions within a group and ORs groups", () => {
    const vip = { type: "tag", operator: "has", value: "vip" };
    const subscribed = { type: "status", channel: "email", operator: "is", value: "subscribed" };
    const bobName = { type: "profile", field: "firstName", operator: "equals", value: "Bob" };
    expect(members([{ conditions: [vip, subscribed] }])).toEqual(["anna"]);
    expect(members([{ conditions: [vip, subscribed] }, { conditions: [bobName] }])).toEqual(["anna", "bob"]);
  });
});

describe("PostgreSQL text", () => {
  it("uses numbered, typed placeholders and jsonb operators", () => {
    const sql = new Sql("postgres");
    const condition: Condition = { type: "customProperty", key: "visits", operator: "gt", value: 3 };
    const text = toPostgresPlaceholders(segmentSql([{ conditions: [condition, { type: "tag", operator: "has", value: "vip" }] }], sql, NOW));
    expect(text).toContain(`jsonb_typeof(c."customProperties" -> 'visits')`);
    expect(text).toContain("$1::numeric");
    expect(text).toContain(`t."tag" = $2`);
    expect(sql.params).toEqual([3, "vip"]);
  });
});

describe("condition validation", () => {
  it("rejects comparisons without a number and unknown types", () => {
    expect(ConditionGroups.safeParse([{ conditions: [{ type: "customProperty", key: "a", operator: "gt", value: "x" }] }]).success).toBe(false);
    expect(ConditionGroups.safeParse([{ conditions: [{ type: "nope" }] }]).success).toBe(false);
    expect(ConditionGroups.safeParse([]).success).toBe(false);
  });
});
