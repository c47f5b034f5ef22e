// The filter language's translator, run against a real SQLite database built from the migrations (the
// API suite runs the same language on PostgreSQL: tests/api/segment-filters.test.ts), plus the
// PostgreSQL text it writes.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { sqliteParam } from "@/lib/db/values";
import { toPostgresPlaceholders, toSqlitePlaceholders } from "@/lib/db/placeholders";
import { ConditionGroups } from "./conditions";
import { pathRuns } from "./event-sql";
import { segmentSql } from "./segment-sql";
import { Sql } from "./sql";

const NOW = new Date("2026-06-15T12:00:00.000Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
let sqlite: Database.Database;

function insert(table: string, row: Record<string, unknown>) {
  const keys = Object.keys(row);
  sqlite.prepare(`INSERT INTO "${table}" (${keys.map((k) => `"${k}"`).join(",")}) VALUES (${keys.map(() => "?").join(",")})`).run(...Object.values(row).map(sqliteParam));
}

let n = 0;
function contact(id: string, fields: Record<string, unknown> = {}) {
  insert("Contact", { id, brandId: "b", customProperties: "{}", createdAt: daysAgo(10), updatedAt: daysAgo(1), ...fields });
}
function identifier(contactId: string, type: "email" | "phone", value: string, status: string) {
  insert("ContactIdentifier", { id: `i${++n}`, brandId: "b", contactId, type, value, status, statusChangedAt: daysAgo(1), sendWelcomeMessage: true, createdAt: daysAgo(1) });
}
function event(contactId: string, eventName: string, ago: number, properties: unknown = {}, origin = "api") {
  insert("ContactEvent", { id: `e${++n}`, brandId: "b", contactId, eventName, origin, eventTime: daysAgo(ago), receivedAt: daysAgo(ago), properties: JSON.stringify(properties) });
}

beforeAll(() => {
  sqlite = new Database(":memory:");
  const dir = path.resolve(import.meta.dirname, "../../prisma/migrations");
  for (const m of fs.readdirSync(dir).filter((d) => fs.existsSync(path.join(dir, d, "migration.sql"))).sort()) {
    sqlite.exec(fs.readFileSync(path.join(dir, m, "migration.sql"), "utf8"));
  }
  sqlite.pragma("foreign_keys = OFF"); // brands are irrelevant to the translator
  contact("anna", {
    firstName: "Anna", lastName: "Smith", gender: "f", city: "Berlin", country: "Germany", countryCode: "DE", birthdate: "1990-06-20",
    lastDetectedCity: "Berlin", customProperties: JSON.stringify({ plan: "gold", visits: 12, vip: true, renewal: "2026-07-01" }), createdAt: daysAgo(2),
  });
  contact("bob", { firstName: "Bob", countryCode: "US", birthdate: "1985-05-03", customProperties: JSON.stringify({ plan: "silver", visits: 3, vip: false }), createdAt: daysAgo(40), updatedAt: daysAgo(30) });
  contact("carl", { customProperties: JSON.stringify({ visits: "12" }), postalCode: "10115" });
  contact("other-brand", { brandId: "x", firstName: "Anna" });
  identifier("anna", "email", "anna@x.io", "subscribed");
  identifier("bob", "email", "bob@x.io", "unsubscribed");
  identifier("bob", "phone", "+14155552671", "subscribed");
  for (const [contactId, tag] of [["anna", "vip"], ["anna", "newsletter"], ["carl", "vip"]]) insert("ContactTag", { contactId, brandId: "b", tag });
  insert("ContactConsent", { id: "k1", brandId: "b", contactId: "anna", channel: "email", source: "form", createdAt: daysAgo(3) });
  event("anna", "opened message", 1);
  event("anna", "opened message", 3);
  event("anna", "opened message", 60);
  event("bob", "opened message", 50, {}, "shopify");
  // Orders: anna 2 recent orders of 100 and 60 (avg 80); bob one of 20, 100 days ago.
  event("anna", "placed order", 5, { value: 100, lineItems: [{ productID: "p1", title: "Book of Days", price: 60 }, { productID: "p2", title: "Pen" }] });
  event("anna", "placed order", 20, { value: 60, lineItems: [{ productID: "p3", title: "Lamp" }] });
  event("bob", "placed order", 100, { value: 20, raw: { fulfillments: [{ line_items: [{ title: "Summer T-Shirt" }] }] } });
});

/** Ids of brand b's contacts matching the groups, sorted. */
function members(groups: unknown): string[] {
  const sql = new Sql("sqlite");
  const where = `c."brandId" = ${sql.p("b")} AND ${segmentSql(ConditionGroups.parse(groups), sql, { brandId: "b", now: NOW })}`;
  const text = toSqlitePlaceholders(`SELECT c.id FROM "Contact" c WHERE ${where} ORDER BY c.id`);
  return (sqlite.prepare(text).all(...sql.params.map(sqliteParam)) as { id: string }[]).map((r) => r.id);
}
const contactFilter = (filter: Record<string, unknown>) => members([{ conditions: [{ entity: "contact", filters: [filter] }] }]);
const eventFilter = (filter: Record<string, unknown>) => members([{ conditions: [{ entity: "event", filters: [{ count: "atLeast", value: 1, operator: "has", ...filter }] }] }]);

describe("contact filters on SQLite", () => {
  it("text properties: equals, anyOf, noneOf, contains, startsWith, endsWith, exists", () => {
    expect(contactFilter({ property: "firstName", operator: "equals", value: "Anna" })).toEqual(["anna"]);
    expect(contactFilter({ property: "firstName", operator: "anyOf", value: ["Anna", "Bob"] })).toEqual(["anna", "bob"]);
    expect(contactFilter({ property: "firstName", operator: "notEquals", value: ["Anna"] })).toEqual(["bob", "carl"]);
    expect(contactFilter({ property: "firstName", operator: "noneOf", value: ["Anna", "Bob"] })).toEqual(["carl"]);
    expect(contactFilter({ property: "lastName", operator: "contains", value: ["MIT"] })).toEqual(["anna"]);
    expect(contactFilter({ property: "lastName", operator: "doesNotContain", value: ["mit"] })).toEqual(["bob", "carl"]);
    expect(contactFilter({ property: "city", operator: "contains", value: "%" })).toEqual([]);
    expect(contactFilter({ property: "city", operator: "startsWith", value: "ber" })).toEqual(["anna"]);
    expect(contactFilter({ property: "city", operator: "endsWith", value: ["LIN"] })).toEqual(["anna"]);
    expect(contactFilter({ property: "postalCode", operator: "doesNotExist" })).toEqual(["anna", "bob"]);
    expect(contactFilter({ property: "gender", operator: "anyOf", value: ["f"] })).toEqual(["anna"]);
    expect(contactFilter({ property: "lastDetectedCity", operator: "anyOf", value: ["Berlin"] })).toEqual(["anna"]);
  });

  it("country matches the name or the ISO code; countryCode only the code", () => {
    expect(contactFilter({ property: "country", operator: "anyOf", value: ["US", "Germany"] })).toEqual(["anna", "bob"]);
    expect(contactFilter({ property: "country", operator: "noneOf", value: ["DE"] })).toEqual(["bob", "carl"]);
    expect(contactFilter({ property: "countryCode", operator: "equals", value: ["US"] })).toEqual(["bob"]);
  });

  it("email and phoneNumber read the identifiers", () => {
    expect(contactFilter({ property: "email", operator: "equals", value: ["ANNA@x.io"] })).toEqual(["anna"]);
    expect(contactFilter({ property: "email", operator: "endsWith", value: ["@x.io"] })).toEqual(["anna", "bob"]);
    expect(contactFilter({ property: "email", operator: "doesNotExist" })).toEqual(["carl"]);
    expect(contactFilter({ property: "phoneNumber", operator: "anyOf", value: ["+1 415 555 2671"] })).toEqual(["bob"]);
  });

  it("subscriptionStatus: every channel listed must have the status", () => {
    expect(contactFilter({ property: "subscriptionStatus", channels: ["email"], operator: "equals", value: "subscribed" })).toEqual(["anna"]);
    expect(contactFilter({ property: "subscriptionStatus", channels: ["sms"], operator: "equals", value: "subscribed" })).toEqual(["bob"]);
    expect(contactFilter({ property: "subscriptionStatus", channels: ["email", "sms"], operator: "equals", value: "subscribed" })).toEqual([]);
    expect(contactFilter({ property: "subscriptionStatus", channels: ["email"], operator: "notEquals", value: "subscribed" })).toEqual(["bob", "carl"]);
    expect(contactFilter({ property: "subscriptionStatus", channels: ["browserPush"], operator: "equals", value: "subscribed" })).toEqual([]);
  });

  it("tags and consent lists", () => {
    expect(contactFilter({ property: "tags", operator: "anyOf", value: ["vip"] })).toEqual(["anna", "carl"]);
    expect(contactFilter({ property: "tags", operator: "noneOf", value: ["vip"] })).toEqual(["bob"]);
    expect(contactFilter({ property: "tags", operator: "allOf", value: ["vip", "newsletter"] })).toEqual(["anna"]);
    expect(contactFilter({ property: "tags", operator: "doesNotExist" })).toEqual(["bob"]);
    expect(contactFilter({ property: "consent", operator: "anyOf", value: ["email"] })).toEqual(["anna"]);
    expect(contactFilter({ property: "consent", operator: "noneOf", value: ["email", "sms"] })).toEqual(["bob", "carl"]);
  });

  it("dates: dateAdded and dateUpdated", () => {
    expect(contactFilter({ property: "dateAdded", operator: "inTheLast", unit: "days", value: 5 })).toEqual(["anna"]);
    expect(contactFilter({ property: "dateAdded", operator: "notInTheLast", unit: "weeks", value: 2 })).toEqual(["bob"]);
    expect(contactFilter({ property: "dateAdded", operator: "before", value: "2026-05-07" })).toEqual(["bob"]);
    expect(contactFilter({ property: "dateAdded", operator: "before", value: "2026-05-06" })).toEqual([]);
    expect(contactFilter({ property: "dateAdded", operator: "after", value: daysAgo(30).toISOString() })).toEqual(["anna", "carl"]);
    expect(contactFilter({ property: "dateAdded", operator: "equals", value: "2026-06-13" })).toEqual(["anna"]);
    expect(contactFilter({ property: "dateAdded", operator: "between", valueFrom: "2026-06-01", valueTo: "2026-06-05" })).toEqual(["carl"]);
    expect(contactFilter({ property: "dateUpdated", operator: "inTheLast", unit: "days", value: 7 })).toEqual(["anna", "carl"]);
  });

  it("birthday as a date, its anniversary, and as text", () => {
    expect(contactFilter({ property: "birthday", valueType: "date", operator: "between", valueFrom: "1989-01-01", valueTo: "1990-12-31" })).toEqual(["anna"]);
    expect(contactFilter({ property: "birthday", valueType: "date", operator: "anniversaryIsInTheNext", unit: "days", value: 7 })).toEqual(["anna"]);
    expect(contactFilter({ property: "birthday", valueType: "date", operator: "anniversaryIsInTheNext", unit: "days", value: 4 })).toEqual([]);
    expect(contactFilter({ property: "birthday", valueType: "text", operator: "contains", value: ["-05-"] })).toEqual(["bob"]);
    expect(contactFilter({ property: "birthday", operator: "doesNotExist" })).toEqual(["carl"]);
  });

  it("custom properties compare their JSON type", () => {
    expect(contactFilter({ property: "custom", name: "plan", valueType: "text", operator: "anyOf", value: ["gold"] })).toEqual(["anna"]);
    expect(contactFilter({ property: "custom", name: "plan", valueType: "text", operator: "notEquals", value: ["gold"] })).toEqual(["bob", "carl"]);
    expect(contactFilter({ property: "custom", name: "visits", valueType: "number", operator: "equals", value: 12 })).toEqual(["anna"]);
    expect(contactFilter({ property: "custom", name: "visits", valueType: "text", operator: "equals", value: "12" })).toEqual(["carl"]);
    expect(contactFilter({ property: "custom", name: "visits", valueType: "number", operator: "moreThanOrEquals", value: 3 })).toEqual(["anna", "bob"]);
    expect(contactFilter({ property: "custom", name: "visits", valueType: "number", operator: "between", valueFrom: 1, valueTo: 5 })).toEqual(["bob"]);
    expect(contactFilter({ property: "custom", name: "vip", valueType: "bool", operator: "equals", value: false })).toEqual(["bob"]);
    expect(contactFilter({ property: "custom", name: "renewal", valueType: "date", operator: "inTheNext", unit: "months", value: 1 })).toEqual(["anna"]);
    expect(contactFilter({ property: "custom", name: "plan", valueType: "text", operator: "doesNotExist" })).toEqual(["carl"]);
  });

  it("order statistics: totalSpent, averageOrderValue, lifecycle stage", () => {
    expect(contactFilter({ property: "totalSpent", operator: "moreThan", value: 100 })).toEqual(["anna"]);
    expect(contactFilter({ property: "totalSpent", operator: "lessThan", value: 50 })).toEqual(["bob", "carl"]);
    expect(contactFilter({ property: "totalSpent", operator: "between", valueFrom: 10, valueTo: 200 })).toEqual(["anna", "bob"]);
    expect(contactFilter({ property: "totalSpent", operator: "notEquals", value: 0 })).toEqual(["anna", "bob"]);
    expect(contactFilter({ property: "averageOrderValue", operator: "equals", value: 80 })).toEqual(["anna"]);
    expect(contactFilter({ property: "averageOrderValue", operator: "notEquals", value: 80 })).toEqual(["bob", "carl"]);
    expect(contactFilter({ property: "averageOrderValue", operator: "doesNotExist" })).toEqual(["carl"]);
    // anna: 2 orders, last 5 days ago, average 80 >= the brand's 60: champion. bob: 1 order 100 days ago: at risk.
    expect(contactFilter({ property: "customerLifecycleStage", operator: "anyOf", value: ["champions", "loyalists"] })).toEqual(["anna"]);
    expect(contactFilter({ property: "customerLifecycleStage", operator: "equals", value: ["atRisk"] })).toEqual(["bob"]);
    expect(contactFilter({ property: "customerLifecycleStage", operator: "noneOf", value: ["champions"] })).toEqual(["bob", "carl"]);
    expect(contactFilter({ property: "customerLifecycleStage", operator: "doesNotExist" })).toEqual(["carl"]);
  });
});

describe("event filters on SQLite", () => {
  it("has / hasNot, at least / exactly, origin", () => {
    expect(eventFilter({ name: "opened message" })).toEqual(["anna", "bob"]);
    expect(eventFilter({ name: "opened message", operator: "hasNot" })).toEqual(["carl"]);
    expect(eventFilter({ name: "opened message", value: 3 })).toEqual(["anna"]);
    expect(eventFilter({ name: "opened message", count: "equals", value: 1 })).toEqual(["bob"]);
    expect(eventFilter({ name: "opened message", count: "equals", value: 0 })).toEqual(["carl"]);
    expect(eventFilter({ name: "opened message", origin: "shopify" })).toEqual(["bob"]);
    expect(eventFilter({ name: "opened message", value: 0 })).toEqual(["anna", "bob", "carl"]);
  });

  it("periods", () => {
    expect(eventFilter({ name: "opened message", value: 2, period: { operator: "inTheLast", unit: "weeks", value: 1 } })).toEqual(["anna"]);
    expect(eventFilter({ name: "opened message", period: { operator: "notInTheLast", unit: "months", value: 1 } })).toEqual(["anna", "bob"]);
    expect(eventFilter({ name: "opened message", period: { operator: "equals", value: "2026-06-14" } })).toEqual(["anna"]);
    expect(eventFilter({ name: "opened message", period: { operator: "before", value: "2026-04-27" } })).toEqual(["anna", "bob"]);
    expect(eventFilter({ name: "opened message", period: { operator: "before", value: "2026-04-16" } })).toEqual([]);
    expect(eventFilter({ name: "opened message", period: { operator: "after", value: "2026-06-13" } })).toEqual(["anna"]);
    expect(eventFilter({ name: "opened message", period: { operator: "between", valueFrom: "2026-04-16", valueTo: "2026-04-26" } })).toEqual(["anna", "bob"]);
  });

  it("property sub-filters, with [] over arrays, joined by and / or", () => {
    expect(eventFilter({ name: "placed order", filters: [{ property: "value", operator: "moreThan", value: 50 }] })).toEqual(["anna"]);
    expect(eventFilter({ name: "placed order", filters: [{ property: "lineItems.[].title", operator: "contains", value: ["book"] }] })).toEqual(["anna"]);
    expect(eventFilter({ name: "placed order", filters: [{ property: "raw.fulfillments.[].line_items.[].title", operator: "contains", value: ["Summer T-Shirt"], valueType: "text" }] })).toEqual(["bob"]);
    expect(eventFilter({ name: "placed order", filters: [{ property: "lineItems.[].productID", operator: "noneOf", value: ["p1"] }] })).toEqual(["anna", "bob"]);
    expect(eventFilter({ name: "placed order", value: 2, filters: [{ property: "lineItems.[].productID", operator: "exists" }] })).toEqual(["anna"]);
    expect(eventFilter({ name: "placed order", junction: "or", filters: [{ property: "value", operator: "equals", value: 20 }, { property: "lineItems.[].productID", operator: "equals", value: ["p3"] }] })).toEqual(["anna", "bob"]);
    expect(eventFilter({ name: "placed order", filters: [{ property: "value", operator: "equals", value: 20 }, { property: "lineItems.[].productID", operator: "equals", value: ["p3"] }] })).toEqual([]);
  });
});

describe("junctions", () => {
  it("AND inside a group, OR between groups, the condition's junction between its filters", () => {
    const vip = { property: "tags", operator: "anyOf", value: ["vip"] };
    const subscribed = { property: "subscriptionStatus", channels: ["email"], operator: "equals", value: "subscribed" };
    const bob = { property: "firstName", operator: "equals", value: "Bob" };
    expect(members([{ conditions: [{ entity: "contact", filters: [vip, subscribed] }] }])).toEqual(["anna"]);
    expect(members([{ conditions: [{ entity: "contact", junction: "or", filters: [vip, subscribed] }] }])).toEqual(["anna", "carl"]);
    expect(members([{ conditions: [{ entity: "contact", filters: [vip] }, { entity: "event", filters: [{ name: "opened message", operator: "has", count: "atLeast", value: 1 }] }] }])).toEqual(["anna"]);
    expect(members([{ conditions: [{ entity: "contact", filters: [vip, subscribed] }] }, { conditions: [{ entity: "contact", filters: [bob] }] }])).toEqual(["anna", "bob"]);
  });
});

describe("PostgreSQL text", () => {
  it("numbered, typed placeholders in the order of the text, and jsonb access", () => {
    const sql = new Sql("postgres");
    const groups = ConditionGroups.parse([{ conditions: [{ entity: "contact", filters: [
      { property: "custom", name: "visits", valueType: "number", operator: "moreThan", value: 3 },
      { property: "tags", operator: "anyOf", value: ["vip"] },
    ] }, { entity: "event", filters: [{ name: "placed order", operator: "has", count: "atLeast", value: 2, filters: [{ property: "lineItems.[].title", operator: "contains", value: ["x"] }] }] }] }]);
    const text = toPostgresPlaceholders(segmentSql(groups, sql, { brandId: "b", now: NOW }));
    expect(text).toContain(`jsonb_typeof((c."customProperties" -> 'visits'))`);
    expect(text).toContain("$1::numeric");
    expect(text).toContain(`IN ($2::text)`);
    expect(text).toContain("jsonb_array_elements(CASE WHEN jsonb_typeof((");
    expect(sql.params).toEqual([3, "vip", "placed order", "%x%", 2]);
  });
});

describe("the language's own rules", () => {
  it("splits property paths at [] wildcards", () => {
    expect(pathRuns("value")).toEqual([["value"]]);
    expect(pathRuns("raw.fulfillments.[].line_items.[].title")).toEqual([["raw", "fulfillments"], ["line_items"], ["title"]]);
    expect(pathRuns("tags.[]")).toEqual([["tags"], []]);
  });

  it("refuses operators, values and fields that do not fit, each with its pointer", () => {
    const result = ConditionGroups.safeParse([{ conditions: [
      { entity: "contact", filters: [
        { property: "totalSpent", operator: "contains", value: 3 },
        { property: "tags", operator: "anyOf" },
        { property: "custom", operator: "equals", value: 1 },
        { property: "subscriptionStatus", operator: "equals", value: "subscribed" },
        { property: "dateAdded", operator: "inTheLast", value: 0 },
        { property: "customerLifecycleStage", operator: "anyOf", value: ["heroes"] },
      ] },
      { entity: "event", filters: [{ name: "x", operator: "did", count: "atLeast", value: 1 }] },
      { entity: "segment", filters: [{}] },
    ] }]);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("/")).sort();
    expect(paths).toEqual([
      "0/conditions/0/filters/0/operator",
      "0/conditions/0/filters/1/value",
      "0/conditions/0/filters/2/name",
      "0/conditions/0/filters/2/valueType",
      "0/conditions/0/filters/3/channels",
      "0/conditions/0/filters/4/value",
      "0/conditions/0/filters/5/value/0",
      "0/conditions/1/filters/0/operator",
      "0/conditions/2/entity",
    ]);
  });

  it("stores what was sent, with the junction made explicit", () => {
    const parsed = ConditionGroups.parse([{ conditions: [{ entity: "contact", filters: [{ property: "tags", operator: "anyOf", value: ["a"] }] }] }]);
    expect(parsed[0].conditions[0].junction).toBe("and");
  });
});
