// Every filter of the language on the API suite's engine (SQLite, and PostgreSQL under
// scripts/db/with-postgres.ts): the cases of tests/fixtures/segment-filters.ts, seeded through Prisma into
// a brand of the test server's database, evaluated by the same SQL the API runs (at the fixture's fixed
// time), plus the live count over HTTP for a few of them.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { sqlReader } from "@/lib/db/sql";
import { newId } from "@/lib/ids";
import { ConditionGroups } from "@/lib/segments/conditions";
import { membersAmongSql } from "@/lib/segments/membership";
import { segmentSql } from "@/lib/segments/segment-sql";
import { Sql } from "@/lib/db/query-builder";
import { FILTER_CASES, NOW, caseGroups, seedPeople, type Person } from "../fixtures/segment-filters";
import { api, createTestBrand, json, type TestBrand } from "./helpers";

let brand: TestBrand;
const ids: Record<Person, string> = { anna: newId(), bob: newId(), carl: newId() };
const names = new Map(Object.entries(ids).map(([name, id]) => [id, name]));

beforeAll(async () => {
  brand = await createTestBrand();
  const models: Record<string, { create: (args: { data: Record<string, unknown> }) => Promise<unknown> }> = {
    Contact: db.contact as never,
    ContactIdentifier: db.contactIdentifier as never,
    ContactTag: db.contactTag as never,
    ContactConsent: db.contactConsent as never,
    ContactEvent: db.contactEvent as never,
  };
  const json = new Set(["customProperties", "properties"]);
  await seedPeople(
    async (table, row) => {
      const data = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, json.has(k) ? JSON.parse(v as string) : v]));
      await models[table].create({ data });
    },
    brand.brandId,
    ids,
    () => newId(),
  );
});

/** Members over the whole brand (counts, lists), or among the given contacts as a contact record's segments are found. */
async function members(groups: unknown, perContact = false): Promise<string[]> {
  const sql = new Sql();
  const parsed = ConditionGroups.parse(groups);
  const where = perContact
    ? membersAmongSql(sql, brand.brandId, Object.values(ids), parsed, NOW)
    : `c."brandId" = ${sql.p(brand.brandId)} AND ${segmentSql(parsed, sql, { brandId: brand.brandId, now: NOW })}`;
  const rows = await sqlReader().all<{ id: string }>(`SELECT c."id" AS id FROM "Contact" c WHERE ${where}`, sql.params);
  return rows.map((r) => names.get(r.id)!).sort();
}

describe("every filter on the suite's database engine", () => {
  it.each(FILTER_CASES.map((c) => [`${c[0]} ${JSON.stringify(c[1])}`, c] as const))("%s", async (_, testCase) => {
    expect(await members(caseGroups(testCase))).toEqual(testCase[2]);
    // Event conditions are written another way for a few given contacts: the same members.
    expect(await members(caseGroups(testCase), true)).toEqual(testCase[2]);
  });

  it("the live count over HTTP agrees for filters that do not depend on today's date", async () => {
    const timeless = FILTER_CASES.filter(
      ([, f]) => ["tags", "custom", "subscriptionStatus", "country"].includes(f.property as string) && f.valueType !== "date",
    );
    expect(timeless.length).toBeGreaterThan(10);
    for (const testCase of timeless) {
      const res = await api("/api/segments/preview", { key: brand.key, body: { conditionGroups: caseGroups(testCase) } });
      expect((await json(res)).contactsCount, JSON.stringify(testCase[1])).toBe(testCase[2].length);
    }
  });
});
