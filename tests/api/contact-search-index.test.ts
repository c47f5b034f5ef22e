// The dashboard's contact search is only fast while its text conditions are answered by the indexes made
// for them: FTS5 tables on SQLite, and on PostgreSQL GIN indexes over expressions that the query must
// repeat verbatim (migration contact_search_words; lib/db/word-search.ts). If the two drift apart, results stay right and the
// search silently becomes a scan: this test reads the plan on the suite's engine.
import { describe, expect, it } from "vitest";
import { filterWhere } from "@/lib/contacts/search-contacts";
import { db, dbKind } from "@/lib/db";
import { toSqlitePlaceholders } from "@/lib/db/placeholders";
import { CONTACT_IDENTIFIERS, CONTACT_NAMES } from "@/lib/db/word-search";
import { membersAmongSql, storedGroups } from "@/lib/segments/membership";
import { segmentSql } from "@/lib/segments/segment-sql";
import { Sql } from "@/lib/db/query-builder";
import { createTestBrand } from "./helpers";

async function sqlitePlan(brandId: string, q: string): Promise<string> {
  const sql = new Sql("sqlite");
  const statement = `SELECT c."id" FROM "Contact" c WHERE ${await filterWhere(brandId, { q }, sql, 500)}`;
  const rows = await db.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${toSqlitePlaceholders(statement)}`, ...sql.params);
  return rows.map((r) => r.detail).join("\n");
}

/** PostgreSQL: the plan of the search's own condition on a table, sequential scans priced out. */
async function postgresPlan(table: string, condition: string): Promise<string> {
  const rows = await db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
    return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN SELECT 1 FROM "${table}" t WHERE ${condition} @@ to_tsquery('inkwell_words', 'ava:*')`,
    );
  });
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describe("contact search plan", () => {
  it("finds names and identifier values through the search indexes", async () => {
    if (dbKind === "sqlite") {
      const brand = await createTestBrand();
      const byName = await sqlitePlan(brand.brandId, "ava");
      // The FTS5 tables drive (SCAN of the virtual table by its MATCH), the contacts found by rowid.
      expect(byName).toMatch(/SCAN name_index VIRTUAL TABLE INDEX/);
      expect(byName).toMatch(/SCAN identifier_index VIRTUAL TABLE INDEX/);
      expect(byName).toMatch(/SEARCH c2 USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(byName).not.toMatch(/brandId=\?/);
      expect(await sqlitePlan(brand.brandId, "415 555")).toMatch(/SCAN identifier_index VIRTUAL TABLE INDEX/);
    } else {
      expect(await postgresPlan("Contact", CONTACT_NAMES.words("t"))).toContain('Bitmap Index Scan on "Contact_name_words_idx"');
      expect(await postgresPlan("ContactIdentifier", CONTACT_IDENTIFIERS.words("t"))).toContain(
        'Bitmap Index Scan on "ContactIdentifier_value_words_idx"',
      );
    }
  });
});

describe("segment event condition plan", () => {
  it("counts through one pass over the brand's events, and tests given contacts through their own events", async () => {
    // Without planner statistics SQLite ties the two ContactEvent indexes; a query per contact that took
    // the name's index read every event of the name once per contact (minutes at 200,000 contacts).
    if (dbKind !== "sqlite") return; // PostgreSQL plans from its statistics (autovacuum analyzes the table)
    const brand = await createTestBrand();
    const groups = storedGroups([
      {
        conditions: [
          {
            entity: "event",
            filters: [
              {
                name: "placed order",
                operator: "has",
                count: "atLeast",
                value: 2,
                period: { operator: "inTheLast", unit: "days", value: 30 },
                filters: [{ property: "value", operator: "moreThan", value: 50 }],
              },
            ],
          },
        ],
      },
    ]);
    const plan = async (perContact: boolean) => {
      const sql = new Sql("sqlite");
      const where = perContact
        ? membersAmongSql(sql, brand.brandId, ["0123456789abcdef01234567"], groups)
        : `c."brandId" = ${sql.p(brand.brandId)} AND ${segmentSql(groups, sql, { brandId: brand.brandId })}`;
      const statement = `SELECT COUNT(*) FROM "Contact" c WHERE ${where}`;
      const rows = await db.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${toSqlitePlaceholders(statement)}`, ...sql.params);
      return rows.map((r) => r.detail).join("\n");
    };
    const count = await plan(false);
    expect(count).toMatch(/LIST SUBQUERY|IN SUBQUERY|MATERIALIZE/); // computed once, not per contact
    expect(count).not.toMatch(/CORRELATED/);
    // (Which ContactEvent index feeds that one pass is the planner's to choose from its statistics.)
    const given = await plan(true);
    expect(given).toMatch(/CORRELATED SCALAR SUBQUERY/);
    expect(given).toMatch(/USING INDEX ContactEvent_brandId_contactId_eventTime_idx \(brandId=\? AND contactId=\?/);
    expect(given).not.toContain("ContactEvent_brandId_eventName_eventTime_idx");
  });
});
