// The filter language's translator, run against a real database built from the migrations (lib/db's
// in-memory one; the API suite runs the same cases on each engine: tests/api/segment-filters.test.ts),
// plus the statement it writes for every engine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allDialects } from "@/lib/db/dialect";
import { memoryDatabase, type MemoryDatabase } from "@/lib/db/memory-database";
import { FILTER_CASES, NOW, caseGroups, seedPeople } from "@/tests/fixtures/segment-filters";
import { ConditionGroups } from "./conditions";
import { pathRuns } from "./event-sql";
import { membersAmongSql } from "./membership";
import { segmentSql } from "./segment-sql";
import { Sql } from "@/lib/db/query-builder";

let database: MemoryDatabase;
const ids = { anna: "anna", bob: "bob", carl: "carl" };

beforeAll(async () => {
  database = memoryDatabase();
  let n = 0;
  await seedPeople(
    (table, row) => database.insert(table, row),
    "b",
    ids,
    () => `r${++n}`,
  );
  // Another brand's contact with the same name never counts.
  database.insert("Contact", { id: "other", brandId: "x", firstName: "Anna", customProperties: "{}", createdAt: NOW, updatedAt: NOW });
});
afterAll(() => database.close());

/**
 * Ids of brand b's contacts matching the groups, sorted: over the whole brand (counts, lists), or
 * `perContact` for the brand's contacts named in a list, as a contact record's segments are found.
 */
function members(groups: unknown, perContact = false): string[] {
  const sql = new Sql(database.dialect.kind);
  const parsed = ConditionGroups.parse(groups);
  const where = perContact
    ? membersAmongSql(sql, "b", Object.values(ids), parsed, NOW)
    : `c."brandId" = ${sql.p("b")} AND ${segmentSql(parsed, sql, { brandId: "b", now: NOW })}`;
  return database.all<{ id: string }>(`SELECT c.id FROM "Contact" c WHERE ${where} ORDER BY c.id`, sql.params).map((r) => r.id);
}

describe("every filter (tests/fixtures/segment-filters.ts)", () => {
  it.each(FILTER_CASES.map((c) => [`${c[0]} ${JSON.stringify(c[1])}`, c] as const))("%s", (_, testCase) => {
    expect(members(caseGroups(testCase))).toEqual(testCase[2]);
    // Event conditions are written another way for a few given contacts: the same members.
    expect(members(caseGroups(testCase), true)).toEqual(testCase[2]);
  });
});

describe("junctions", () => {
  it("AND inside a group, OR between groups, the condition's junction between its filters", () => {
    const vip = { property: "tags", operator: "anyOf", value: ["vip"] };
    const subscribed = { property: "subscriptionStatus", channels: ["email"], operator: "equals", value: "subscribed" };
    const bob = { property: "firstName", operator: "equals", value: "Bob" };
    expect(members([{ conditions: [{ entity: "contact", filters: [vip, subscribed] }] }])).toEqual(["anna"]);
    expect(members([{ conditions: [{ entity: "contact", junction: "or", filters: [vip, subscribed] }] }])).toEqual(["anna", "carl"]);
    expect(
      members([
        {
          conditions: [
            { entity: "contact", filters: [vip] },
            { entity: "event", filters: [{ name: "opened message", operator: "has", count: "atLeast", value: 1 }] },
          ],
        },
      ]),
    ).toEqual(["anna"]);
    expect(
      members([
        { conditions: [{ entity: "contact", filters: [vip, subscribed] }] },
        { conditions: [{ entity: "contact", filters: [bob] }] },
      ]),
    ).toEqual(["anna", "bob"]);
  });
});

describe.each(allDialects.map((d) => [d.kind, d] as const))("the statement for %s", (kind, dialect) => {
  it("placeholders in the order of the text, JSON read by the engine's own functions, one pass over the brand's events", () => {
    const sql = new Sql(kind);
    const groups = ConditionGroups.parse([
      {
        conditions: [
          {
            entity: "contact",
            filters: [
              { property: "custom", name: "visits", valueType: "number", operator: "moreThan", value: 3 },
              { property: "tags", operator: "anyOf", value: ["vip"] },
            ],
          },
          {
            entity: "event",
            filters: [
              {
                name: "placed order",
                operator: "has",
                count: "atLeast",
                value: 2,
                filters: [{ property: "lineItems.[].title", operator: "contains", value: ["x"] }],
              },
            ],
          },
        ],
      },
    ]);
    const text = segmentSql(groups, sql, { brandId: "b", now: NOW });
    expect(text).toContain(`${dialect.jsonAt(`c."customProperties"`, ["visits"]).number} > ?numeric`);
    expect(text).toContain(`IN (?text)`);
    const elements = dialect.jsonElements(`e2."properties"`, [["lineItems"], ["title"]], () => "j3");
    expect(text).toContain(`EXISTS (SELECT 1 FROM ${elements.from.join(", ")} WHERE `);
    // The event condition over the whole brand: one grouped query over brand b's events of the name.
    expect(text).toMatch(
      /c\."id" IN \(SELECT (e\d+)\."contactId" FROM "ContactEvent" \1 WHERE \1\."brandId" = \?text AND \1\."eventName" = \?text/,
    );
    expect(text).toMatch(/GROUP BY e\d+\."contactId" HAVING COUNT\(\*\) >= \?int\)/);
    expect(sql.params).toEqual([3, "vip", "b", "placed order", "%x%", 2]);
    // For a few given contacts: each contact's own events, the name kept off the index choice.
    const perContact = new Sql(kind);
    const correlated = segmentSql(groups, perContact, { brandId: "b", now: NOW, perContact: true });
    expect(correlated).toContain(`e2."contactId" = c."id" AND ${dialect.unindexed(`e2."eventName"`)} = ?text`);
    expect(perContact.params).toEqual([3, "vip", "placed order", "%x%", 2]);
  });
});

describe("the language's own rules", () => {
  it("splits property paths at [] wildcards", () => {
    expect(pathRuns("value")).toEqual([["value"]]);
    expect(pathRuns("raw.fulfillments.[].line_items.[].title")).toEqual([["raw", "fulfillments"], ["line_items"], ["title"]]);
    expect(pathRuns("tags.[]")).toEqual([["tags"], []]);
  });

  it("refuses operators, values and fields that do not fit, each with its pointer", () => {
    const result = ConditionGroups.safeParse([
      {
        conditions: [
          {
            entity: "contact",
            filters: [
              { property: "totalSpent", operator: "contains", value: 3 },
              { property: "tags", operator: "anyOf" },
              { property: "custom", operator: "equals", value: 1 },
              { property: "subscriptionStatus", operator: "equals", value: "subscribed" },
              { property: "dateAdded", operator: "inTheLast", value: 0 },
              { property: "customerLifecycleStage", operator: "anyOf", value: ["heroes"] },
            ],
          },
          { entity: "event", filters: [{ name: "x", operator: "did", count: "atLeast", value: 1 }] },
          { entity: "segment", filters: [{}] },
        ],
      },
    ]);
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
    const parsed = ConditionGroups.parse([
      { conditions: [{ entity: "contact", filters: [{ property: "tags", operator: "anyOf", value: ["a"] }] }] },
    ]);
    expect(parsed[0].conditions[0].junction).toBe("and");
  });
});
