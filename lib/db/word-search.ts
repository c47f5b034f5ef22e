// Word-prefix search over the contacts' names and identifier values, through the indexes made for it by
// hand in the migrations (./objects.ts lists them): FTS5 tables kept by triggers on SQLite (migration
// contact_search_and_erasure), tsvector GIN expression indexes on PostgreSQL (contact_search_words). A
// search text is one prefix phrase: its words in order, the last one the start of a longer word ("ava smi"
// finds Ava Smith, "415 555" her phone number), without a scan. What to search and how the matches
// combine with other filters is the domain's (lib/contacts/search-contacts.ts); the SQL is here.
import type { SqlBuilder } from "./placeholders";

/** One word index: the table it covers (under `alias`), the column a match yields, and both engines' index. */
export type WordIndex = {
  table: string;
  alias: string;
  /** the column a match yields (a contact id) */
  yields: string;
  /** SQLite: the FTS5 table whose rowids are the table's, and its alias */
  ftsTable: string;
  ftsAlias: string;
  /** PostgreSQL: the words of a row of alias `a`, verbatim the GIN index's expression */
  words: (a: string) => string;
};

// PostgreSQL: verbatim the expressions of the GIN indexes of migration contact_search_words (PostgreSQL
// only uses an expression index for the same expression). A phone number is also indexed without its
// 1-3 digit country code, as the SQLite triggers do.
const WORDS = (text: string) => `to_tsvector('inkwell_words', regexp_replace(${text}, '[[:punct:][:space:]]+', ' ', 'g'))`;
const nameWords = (a: string) => WORDS(`coalesce(${a}."firstName", '') || ' ' || coalesce(${a}."lastName", '')`);
const valueWords = (a: string) =>
  WORDS(
    `CASE WHEN ${a}."type" = 'phone' THEN ${a}."value" || ' ' || substr(${a}."value", 3) || ' ' || substr(${a}."value", 4) || ' ' || substr(${a}."value", 5) ELSE ${a}."value" END`,
  );

export const CONTACT_NAMES: WordIndex = {
  table: "Contact",
  alias: "c2",
  yields: "id",
  ftsTable: "ContactNameSearch",
  ftsAlias: "name_index",
  words: nameWords,
};

export const CONTACT_IDENTIFIERS: WordIndex = {
  table: "ContactIdentifier",
  alias: "i",
  yields: "contactId",
  ftsTable: "ContactIdentifierSearch",
  ftsAlias: "identifier_index",
  words: valueWords,
};

/** An FTS5 prefix phrase: the text as one quoted phrase (quotes doubled, so nothing in it is query syntax)
 * whose last word may be the start of a longer one ("ava smi" finds "Ava Smith"). */
const ftsPrefix = (text: string) => `"${text.replace(/"/g, '""')}" *`;

/**
 * PostgreSQL's reading of a search text, the same as FTS5's prefix phrase: its words (split at anything
 * not a letter or digit) in order, the last one a prefix ("chen-77" is chen <-> 77:*). Only letters and
 * digits reach to_tsquery, so nothing a user types is query syntax.
 */
export function wordsQuery(text: string): string {
  return `${text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" <-> ")}:*`;
}

const tsQuery = (sql: SqlBuilder, text: string) => `to_tsquery('inkwell_words', ${sql.p(wordsQuery(text), "text")})`;

/**
 * `SELECT <yields>` of the brand's rows of the index's table whose words match `text`. With `cap`, at
 * most cap + 1 of the brand's matches: a word that matches most of a large audience ("example.com")
 * costs less than counting them all. The brand is applied before the cap, so another brand's matches
 * never use up this brand's.
 */
export function wordMatches(sql: SqlBuilder, index: WordIndex, brandId: string, text: string, cap: number | null): string {
  const { table, alias: a, yields, ftsTable, ftsAlias } = index;
  const limit = cap === null ? "" : ` LIMIT ${cap + 1}`;
  if (sql.dialect.kind === "postgres")
    return `SELECT ${a}."${yields}" FROM "${table}" ${a} WHERE ${a}."brandId" = ${sql.p(brandId, "text")} AND ${index.words(a)} @@ ${tsQuery(sql, text)}${limit}`;
  // The FTS5 tables hold no brand: the brand and the cap apply to the rows they point at. The index
  // drives (newest rows first, FTS5 reads its lists backwards), each match is looked up by rowid and
  // kept when it is the brand's, and a capped read stops at the cap: "@example.com" reads 501 matches,
  // not the 200,000 addresses that contain it. "+" on the brand keeps SQLite from walking the brand's
  // whole index instead, which it chose on a database without statistics (no ANALYZE yet).
  const limited = cap === null ? "" : ` ORDER BY ${ftsAlias}.rowid DESC${limit}`;
  return `SELECT ${a}."${yields}" FROM "${ftsTable}" ${ftsAlias} JOIN "${table}" ${a} ON ${a}.rowid = ${ftsAlias}.rowid WHERE "${ftsTable}" MATCH ${sql.p(ftsPrefix(text))} AND +${a}."brandId" = ${sql.p(brandId, "text")}${limited}`;
}

/** Whether the row of alias `a` (of the index's table) matches `text`, checked on the row itself (for a few candidates). */
export function rowMatchesWords(sql: SqlBuilder, index: WordIndex, a: string, text: string): string {
  if (sql.dialect.kind === "postgres") return `${index.words(a)} @@ ${tsQuery(sql, text)}`;
  // The match list is read once (an uncorrelated IN); FTS5 looks a MATCH up again for every row of a
  // correlated one (1.2 s for 3,000 rows).
  return `${a}.rowid IN (SELECT rowid FROM "${index.ftsTable}" WHERE "${index.ftsTable}" MATCH ${sql.p(ftsPrefix(text))})`;
}

/**
 * `column` is one of the ids a match subquery (or each of several: their intersection) yields. PostgreSQL
 * probes the ids by primary key (= ANY(ARRAY(...)); it estimates a sequential scan of 200,000 rows cheaper
 * than 1,000 index probes, and it is 10-50x slower here); SQLite reads an uncorrelated IN once.
 */
export function amongMatches(sql: SqlBuilder, column: string, matches: string[]): string {
  if (sql.dialect.kind === "postgres")
    return matches.length === 1
      ? `${column} = ANY(ARRAY(${matches[0]}))`
      : `${column} = ANY(ARRAY(${matches.map((m) => `(${m})`).join(" INTERSECT ")}))`;
  return matches.map((m) => `${column} IN (${m})`).join(" AND ");
}

/** `column` is one of `ids` (matches already read), handed over as one JSON parameter. */
export function amongIds(sql: SqlBuilder, column: string, ids: string[]): string {
  const list = JSON.stringify(ids);
  return sql.dialect.kind === "postgres"
    ? `${column} = ANY(ARRAY(SELECT jsonb_array_elements_text(${sql.p(list, "json")})))`
    : `${column} IN (SELECT value FROM json_each(${sql.p(list)}))`;
}

/**
 * A column compared beside a word match (the brand of a text search): kept off its index where the
 * planner would walk it instead of letting the matches drive ("+" on SQLite; PostgreSQL plans well).
 */
export function besideMatches(sql: SqlBuilder, column: string): string {
  return sql.dialect.kind === "postgres" ? column : `+${column}`;
}
