// Each engine's forms of the SQL that differs (dialect.ts, word-search.ts) and the one placeholder
// dialect's conversion (placeholders.ts). What they select is checked on a real database of each engine by
// the API suite (npm test runs it on both); here, the text each engine is given.
import { describe, expect, it } from "vitest";
import { dialectOf } from "./dialect";
import { SqlBuilder, toPostgresPlaceholders, toSqlitePlaceholders } from "./placeholders";
import { amongIds, amongMatches, CONTACT_NAMES, rowMatchesWords, wordMatches, wordsQuery } from "./word-search";

const sqlite = dialectOf("sqlite");
const postgres = dialectOf("postgres");

describe("placeholders", () => {
  it("are numbered and typed for PostgreSQL, plain for SQLite", () => {
    const text = `SELECT 1 WHERE a = ?numeric AND b IN (?text) AND c = ? AND d = ?json`;
    expect(toPostgresPlaceholders(text)).toBe(`SELECT 1 WHERE a = $1::numeric AND b IN ($2::text) AND c = $3 AND d = $4::jsonb`);
    expect(toSqlitePlaceholders(text)).toBe(`SELECT 1 WHERE a = ? AND b IN (?) AND c = ? AND d = ?`);
  });
});

describe("JSON values", () => {
  it("read with each engine's JSON functions", () => {
    expect(postgres.jsonAt(`c."customProperties"`, ["visits"]).number).toBe(
      `(CASE WHEN jsonb_typeof((c."customProperties" -> 'visits')) = 'number' THEN ((c."customProperties" -> 'visits') #>> '{}')::numeric END)`,
    );
    expect(sqlite.jsonAt(`c."customProperties"`, ["visits"]).number).toBe(
      `(CASE WHEN json_type(c."customProperties", '$."visits"') IN ('integer', 'real') THEN json_extract(c."customProperties", '$."visits"') END)`,
    );
  });

  it("array wildcards walk the elements of each level", () => {
    let n = 0;
    const pg = postgres.jsonElements(`e."properties"`, [["lineItems"], ["title"]], () => `j${++n}`);
    expect(pg.from).toEqual([
      `jsonb_array_elements(CASE WHEN jsonb_typeof((e."properties" -> 'lineItems')) = 'array' THEN (e."properties" -> 'lineItems') ELSE '[]'::jsonb END) j1(v)`,
    ]);
    expect(pg.value.text).toContain(`(j1.v -> 'title')`);
    const lite = sqlite.jsonElements(`e."properties"`, [["lineItems"], ["title"]], () => "j");
    expect(lite.from).toEqual([`json_each(e."properties", '$."lineItems"') j`]);
    expect(lite.where).toEqual([`json_type(e."properties", '$."lineItems"') = 'array'`]);
    expect(lite.value.text).toContain(`(j.fullkey || '."title"')`);
  });

  it("a JSON column as text, a text column as JSON", () => {
    expect(postgres.jsonAsText(`"content"`)).toBe(`"content"::text`);
    expect(sqlite.jsonAsText(`"content"`)).toBe(`"content"`);
    expect(postgres.jsonFromText(`"payload"`)).toBe(`CAST("payload" AS jsonb)`);
    expect(sqlite.jsonFromText(`"payload"`)).toBe(`"payload"`);
  });
});

describe("locks, claims, planner hints and id lists", () => {
  it("lock rows only where a transaction does not hold the one write lock", () => {
    expect(postgres.lockRows).toBe(" FOR UPDATE");
    expect(postgres.claimLock).toBe("FOR UPDATE SKIP LOCKED");
    expect(sqlite.lockRows + sqlite.claimLock).toBe("");
  });

  it("keep a column off the index choice", () => {
    expect(sqlite.unindexed(`c."brandId"`)).toBe(`+c."brandId"`);
    expect(postgres.unindexed(`c."brandId"`)).toBe(`(c."brandId" || '')`);
  });

  it("look a table up by a unique index on SQLite, by the table alone on PostgreSQL", () => {
    expect(sqlite.lookupBy("Contact", "primary key")).toBe(`"Contact" INDEXED BY "sqlite_autoindex_Contact_1"`);
    expect(sqlite.lookupBy("ContactIdentifier", "ContactIdentifier_brandId_type_value_key")).toBe(
      `"ContactIdentifier" INDEXED BY "ContactIdentifier_brandId_type_value_key"`,
    );
    expect(postgres.lookupBy("Contact", "primary key")).toBe(`"Contact"`);
  });

  it("hand a list of ids over as one parameter", () => {
    expect(sqlite.idList(["a", "b"])).toEqual({ sql: `(SELECT "value" FROM json_each(?))`, param: `["a","b"]` });
    expect(postgres.idList(["a", "b"])).toEqual({ sql: `(SELECT unnest(CAST(? AS text[])))`, param: ["a", "b"] });
  });
});

describe("word search", () => {
  it("reads a search text as one prefix phrase on either index", () => {
    expect(wordsQuery("chen-77")).toBe("chen <-> 77:*");
    const pg = new SqlBuilder("postgres");
    expect(wordMatches(pg, CONTACT_NAMES, "b", "ava", 500)).toBe(
      `SELECT c2."id" FROM "Contact" c2 WHERE c2."brandId" = ?text AND ${CONTACT_NAMES.words("c2")} @@ to_tsquery('inkwell_words', ?text) LIMIT 501`,
    );
    expect(pg.params).toEqual(["b", "ava:*"]);
    const lite = new SqlBuilder("sqlite");
    expect(wordMatches(lite, CONTACT_NAMES, "b", 'a"b', 500)).toBe(
      `SELECT c2."id" FROM "ContactNameSearch" name_index JOIN "Contact" c2 ON c2.rowid = name_index.rowid WHERE "ContactNameSearch" MATCH ? AND +c2."brandId" = ?text ORDER BY name_index.rowid DESC LIMIT 501`,
    );
    expect(lite.params).toEqual(['"a""b" *', "b"]);
    expect(rowMatchesWords(new SqlBuilder("sqlite"), CONTACT_NAMES, "c", "x")).toBe(
      `c.rowid IN (SELECT rowid FROM "ContactNameSearch" WHERE "ContactNameSearch" MATCH ?)`,
    );
  });

  it("hands matches over as the engine reads them best", () => {
    expect(amongMatches(new SqlBuilder("postgres"), `c."id"`, ["A", "B"])).toBe(`c."id" = ANY(ARRAY((A) INTERSECT (B)))`);
    expect(amongMatches(new SqlBuilder("sqlite"), `c."id"`, ["A", "B"])).toBe(`c."id" IN (A) AND c."id" IN (B)`);
    expect(amongIds(new SqlBuilder("postgres"), `c."id"`, ["x"])).toBe(`c."id" = ANY(ARRAY(SELECT jsonb_array_elements_text(?json)))`);
  });
});
