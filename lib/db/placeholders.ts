// The one placeholder dialect of raw SQL: `?` (SQLite's form), with a type suffix where PostgreSQL must
// be told a parameter's type because it cannot infer it (a NULL, or text compared with jsonb): `?ts`,
// `?json`, `?float`, `?bool`, `?text`, `?numeric`, `?int`. PostgreSQL gets `$1, $2, ...` with casts;
// SQLite gets plain `?`. Conversions are cached by SQL text. Raw SQL must not contain a literal `?`
// outside placeholders (PostgreSQL's jsonb `?` operators are spelled jsonb_exists() instead).
import { dialectOf, runningDialect, type Dialect, type SqlKind } from "./dialect";

const CASTS: Record<string, string> = {
  ts: "::timestamp",
  json: "::jsonb",
  float: "::double precision",
  bool: "::boolean",
  text: "::text",
  numeric: "::numeric",
  int: "::int",
};
const TYPED = /\?(ts|json|float|bool|text|numeric|int)?(?![A-Za-z])/g;

export type PlaceholderType = keyof typeof CASTS;

const postgresCache = new Map<string, string>();
const sqliteCache = new Map<string, string>();

function cached(cache: Map<string, string>, sql: string, convert: (sql: string) => string): string {
  let converted = cache.get(sql);
  if (converted === undefined) {
    if (cache.size >= 1000) cache.clear();
    converted = convert(sql);
    cache.set(sql, converted);
  }
  return converted;
}

export function toPostgresPlaceholders(sql: string): string {
  return cached(postgresCache, sql, (text) => {
    let n = 0;
    return text.replace(TYPED, (_, type?: string) => `$${++n}${type ? CASTS[type] : ""}`);
  });
}

export function toSqlitePlaceholders(sql: string): string {
  return cached(sqliteCache, sql, (text) => text.replace(TYPED, "?"));
}

/** Collects parameters while SQL is assembled piece by piece (segment conditions, multi-row inserts). */
export class SqlBuilder {
  readonly params: unknown[] = [];
  /** Where the text differs between engines (JSON functions, say): the forms for the builder's engine. */
  readonly dialect: Dialect;

  /** For the engine this process runs on, unless told another (tests of the other engine's text). */
  constructor(kind: SqlKind = runningDialect().kind) {
    this.dialect = dialectOf(kind);
  }

  /** A placeholder bound to `value`, typed where PostgreSQL cannot infer the type. */
  p(value: unknown, type?: PlaceholderType): string {
    this.params.push(value);
    return type ? `?${type}` : "?";
  }
}
