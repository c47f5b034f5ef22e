// Segment SQL is assembled with lib/db's builder (one placeholder dialect, lib/db/placeholders.ts), for
// the engine this process runs on unless told otherwise. Parameters are pushed as the text is written,
// so every fragment must be used once, in the order it is built (never built ahead and placed later).
import { dbKind } from "@/lib/db";
import { SqlBuilder } from "@/lib/db/placeholders";

export class Sql extends SqlBuilder {
  private aliases = 0;

  constructor(dialect: "sqlite" | "postgres" = dbKind) {
    super(dialect);
  }

  /** A table alias no other part of the statement uses (nested subqueries). */
  alias(prefix: string): string {
    return `${prefix}${++this.aliases}`;
  }
}

/** Escapes LIKE wildcards so user text matches literally (used with ESCAPE '\'). */
export function likeContains(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => "\\" + c);
}

/** A SQL string literal. Only for keys the schemas restricted (no quotes, backslashes or control characters). */
export function literal(text: string): string {
  if (/[\\\x00-\x1f]/.test(text)) throw new Error(`unsafe SQL literal ${JSON.stringify(text)}`);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * A JSON value inside a JSON column, read the same way on both engines: its type, and its value as
 * text, number or boolean ('true' / 'false'), each NULL when the value is missing or of another type.
 */
export type JsonValue = { present: string; text: string; number: string; bool: string };

/** SQLite: `base` a JSON text expression, `path` a SQL expression yielding a JSON path ('$."a"."b"'). */
export function sqliteJson(base: string, path: string): JsonValue {
  const type = `json_type(${base}, ${path})`;
  const value = `json_extract(${base}, ${path})`;
  return {
    present: `(${type} IS NOT NULL AND ${type} <> 'null')`,
    text: `(CASE WHEN ${type} = 'text' THEN ${value} END)`,
    number: `(CASE WHEN ${type} IN ('integer', 'real') THEN ${value} END)`,
    bool: `(CASE ${type} WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' END)`,
  };
}

/** PostgreSQL: `value` a jsonb expression. */
export function postgresJson(value: string): JsonValue {
  const type = `jsonb_typeof(${value})`;
  return {
    present: `(${type} IS NOT NULL AND ${type} <> 'null')`,
    text: `(CASE WHEN ${type} = 'string' THEN ${value} #>> '{}' END)`,
    number: `(CASE WHEN ${type} = 'number' THEN (${value} #>> '{}')::numeric END)`,
    bool: `(CASE WHEN ${type} = 'boolean' THEN ${value} #>> '{}' END)`,
  };
}

/** The SQLite JSON path of object keys ('$."a"."b"'), as a literal. */
export function sqlitePath(keys: string[]): string {
  return literal("$" + keys.map((k) => `."${k}"`).join(""));
}

/** The PostgreSQL jsonb expression `base -> 'a' -> 'b'`. */
export function postgresPath(base: string, keys: string[]): string {
  return keys.reduce((expr, key) => `(${expr} -> ${literal(key)})`, base);
}

/** The JSON value at `keys` of a JSON column, per engine. */
export function jsonAt(sql: Sql, column: string, keys: string[]): JsonValue {
  return sql.dialect === "sqlite" ? sqliteJson(column, sqlitePath(keys)) : postgresJson(postgresPath(column, keys));
}
