// Where the two engines' SQL differs, in one place. Domain code asks for what it needs by meaning (a JSON
// value, a row lock, a claim, a column kept off the planner's index choice, a list of ids as one
// parameter; word search is ./word-search.ts) and gets the text for the engine of the runner or builder
// at hand (`tx.dialect`, `sql.dialect`), or of the engine this process runs on (`runningDialect()`).
// Nothing outside lib/db names an engine (scripts/architecture.test.ts); the reasons for each form are here.
import { config } from "@/lib/config";

export type SqlKind = "sqlite" | "postgres";

/**
 * A JSON value inside a JSON column, read the same way on both engines: its type, and its value as
 * text, number or boolean ('true' / 'false'), each NULL when the value is missing or of another type.
 */
export type JsonValue = { present: string; text: string; number: string; bool: string };

/** A SQL string literal. Only for keys the schemas restricted (no quotes, backslashes or control characters). */
export function literal(text: string): string {
  if (/[\\\x00-\x1f]/.test(text)) throw new Error(`unsafe SQL literal ${JSON.stringify(text)}`);
  return `'${text.replace(/'/g, "''")}'`;
}

/** The JSON value reached through array wildcards: the sources to add to FROM, their conditions, the value. */
export type JsonElements = { from: string[]; where: string[]; value: JsonValue };

export interface Dialect {
  readonly kind: SqlKind;
  /**
   * A column term the planner must not use an index for. Both planners guess without statistics (no
   * ANALYZE yet, e.g. after a bulk load). For "brandId" = ? AND "id" IN (...) SQLite walked the brand's
   * whole (brandId, ...) index, 28 ms at 200,000 contacts, instead of looking the ids up by primary key;
   * for a segment's event condition both took (brandId, eventName, eventTime) and read every event of the
   * name once per contact (minutes at 200,000 contacts) instead of the contact's own events.
   */
  unindexed(column: string): string;
  /**
   * A table looked up by one of its unique keys, by that key's index whatever the statistics say: `index`
   * is the index's name, or "primary key". SQLite plans with the statistics it last measured: a server
   * started on a new database measured its tables at a few dozen rows, and then read 35,000 contacts
   * (SCAN) for each batch of 300 events instead of looking 300 keys up, more as the table grew
   * (docs/performance.md, "Events"). PostgreSQL: the table alone (it keeps its own statistics).
   */
  lookupBy(table: string, index: string): string;
  /**
   * Appended to a SELECT whose rows the same write transaction then changes, so that two concurrent
   * writers of one row change it one after the other (custom properties merged from the latest value,
   * not both from the same old one). PostgreSQL: FOR UPDATE. SQLite: nothing, its write transaction
   * already holds the database's one write lock.
   */
  readonly lockRows: string;
  /**
   * Appended to the `SELECT ... LIMIT ?` inside a claim (UPDATE ... WHERE "id" IN (that SELECT)), so that
   * concurrent workers take disjoint rows without waiting on each other. PostgreSQL: FOR UPDATE SKIP
   * LOCKED. SQLite: nothing, the UPDATE holds the one write lock, which makes it atomic across processes too.
   */
  readonly claimLock: string;
  /** The JSON value at `keys` (object keys) of the JSON expression `column`. */
  jsonAt(column: string, keys: string[]): JsonValue;
  /**
   * The JSON value at a path with array wildcards: `runs` are the key runs between the wildcards
   * ("a.b.[].c" is [["a","b"], ["c"]]); each array level becomes a source of its elements, named by `alias()`.
   */
  jsonElements(column: string, runs: string[][], alias: () => string): JsonElements;
  /** A TEXT column holding JSON, as a JSON expression jsonAt can read. */
  jsonFromText(column: string): string;
  /** A JSON column read (or searched with LIKE) as its text. */
  jsonAsText(column: string): string;
  /**
   * Whether a JSON column reads back as the very text written (SQLite stores the text; PostgreSQL's
   * jsonb reformats it), so that text written as JSON.stringify's may be spliced into a response unparsed.
   */
  readonly keepsJsonText: boolean;
  /** A DateTime column as ISO 8601 text, or as what isoTimeValue (./values.ts) makes ISO 8601 of. */
  isoTime(column: string): string;
  /**
   * A list of ids as one parameter, `IN ${list.sql}` with `list.param` at its place: the SQL text is the
   * same however many ids (json_each over JSON text on SQLite, unnest of a text[] on PostgreSQL).
   */
  idList(ids: string[]): { sql: string; param: unknown };
}

// SQLite: `base` a JSON text expression, `path` a SQL expression yielding a JSON path ('$."a"."b"').
function sqliteJson(base: string, path: string): JsonValue {
  const type = `json_type(${base}, ${path})`;
  const value = `json_extract(${base}, ${path})`;
  return {
    present: `(${type} IS NOT NULL AND ${type} <> 'null')`,
    text: `(CASE WHEN ${type} = 'text' THEN ${value} END)`,
    number: `(CASE WHEN ${type} IN ('integer', 'real') THEN ${value} END)`,
    bool: `(CASE ${type} WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' END)`,
  };
}

// The SQLite JSON path of object keys ('$."a"."b"'), as a literal.
function sqlitePath(keys: string[]): string {
  return literal("$" + keys.map((k) => `."${k}"`).join(""));
}

// PostgreSQL: `value` a jsonb expression.
function postgresJson(value: string): JsonValue {
  const type = `jsonb_typeof(${value})`;
  return {
    present: `(${type} IS NOT NULL AND ${type} <> 'null')`,
    text: `(CASE WHEN ${type} = 'string' THEN ${value} #>> '{}' END)`,
    number: `(CASE WHEN ${type} = 'number' THEN (${value} #>> '{}')::numeric END)`,
    bool: `(CASE WHEN ${type} = 'boolean' THEN ${value} #>> '{}' END)`,
  };
}

// The PostgreSQL jsonb expression `base -> 'a' -> 'b'`.
function postgresPath(base: string, keys: string[]): string {
  return keys.reduce((expr, key) => `(${expr} -> ${literal(key)})`, base);
}

const sqlite: Dialect = {
  kind: "sqlite",
  unindexed: (column) => `+${column}`,
  // A TEXT primary key is the table's first automatic index (Prisma's CREATE TABLE declares it first).
  lookupBy: (table, index) => `"${table}" INDEXED BY "${index === "primary key" ? `sqlite_autoindex_${table}_1` : index}"`,
  lockRows: "",
  claimLock: "",
  jsonAt: (column, keys) => sqliteJson(column, sqlitePath(keys)),
  jsonElements(column, runs, alias) {
    // Every level reads the root document by the element's full path, so a scalar element never reaches
    // json_each as if it were JSON text.
    const from: string[] = [];
    const where: string[] = [];
    let path = sqlitePath(runs[0]);
    for (let level = 1; level < runs.length; level++) {
      const j = alias();
      where.push(`json_type(${column}, ${path}) = 'array'`);
      from.push(`json_each(${column}, ${path}) ${j}`);
      path = runs[level].length ? `(${j}.fullkey || ${literal(runs[level].map((k) => `."${k}"`).join(""))})` : `${j}.fullkey`;
    }
    return { from, where, value: sqliteJson(column, path) };
  },
  jsonFromText: (column) => column,
  jsonAsText: (column) => column,
  keepsJsonText: true,
  // The adapter's own format ("2026-01-02T03:04:05.678+00:00"), which isoTimeValue rewrites without a Date.
  isoTime: (column) => column,
  idList: (ids) => ({ sql: `(SELECT "value" FROM json_each(?))`, param: JSON.stringify(ids) }),
};

const postgres: Dialect = {
  kind: "postgres",
  // An expression no index is built on.
  unindexed: (column) => `(${column} || '')`,
  lookupBy: (table) => `"${table}"`,
  lockRows: " FOR UPDATE",
  claimLock: "FOR UPDATE SKIP LOCKED",
  jsonAt: (column, keys) => postgresJson(postgresPath(column, keys)),
  jsonElements(column, runs, alias) {
    const from: string[] = [];
    let base = postgresPath(column, runs[0]);
    for (let level = 1; level < runs.length; level++) {
      const j = alias();
      from.push(`jsonb_array_elements(CASE WHEN jsonb_typeof(${base}) = 'array' THEN ${base} ELSE '[]'::jsonb END) ${j}(v)`);
      base = postgresPath(`${j}.v`, runs[level]);
    }
    return { from, where: [], value: postgresJson(base) };
  },
  jsonFromText: (column) => `CAST(${column} AS jsonb)`,
  jsonAsText: (column) => `${column}::text`,
  keepsJsonText: false,
  isoTime: (column) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  idList: (ids) => ({ sql: `(SELECT unnest(CAST(? AS text[])))`, param: ids }),
};

const DIALECTS: Record<SqlKind, Dialect> = { sqlite, postgres };

export function dialectOf(kind: SqlKind): Dialect {
  return DIALECTS[kind];
}

/** Every engine's dialect (tests of SQL text). */
export const allDialects: readonly Dialect[] = [sqlite, postgres];

/** The engine this process runs on (DATABASE_URL). */
export function runningDialect(): Dialect {
  return DIALECTS[config().databaseKind];
}
