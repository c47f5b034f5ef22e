// Portable placeholders: SQL is written with `?` (SQLite's form); `?ts`, `?json`, `?float`, `?bool`
// mark parameters whose type PostgreSQL must be told (a NULL or text parameter has none it can infer).
// PostgreSQL gets `$1, $2, ...` with the casts; SQLite gets plain `?`. Conversions are cached by text.

const CASTS: Record<string, string> = { ts: "::timestamp", json: "::jsonb", float: "::double precision", bool: "::boolean" };
const TYPED = /\?(ts|json|float|bool)?(?![A-Za-z])/g;

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
