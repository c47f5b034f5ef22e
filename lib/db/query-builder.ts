// The generic SQL builder of every module that assembles statements by hand (segments, contacts, events,
// automations, campaigns): lib/db's placeholder dialect (lib/db/placeholders.ts), for the engine this process
// runs on unless told otherwise. Parameters are pushed as the text is written,
// so every fragment must be used once, in the order it is built (never built ahead and placed later).
import type { JsonValue } from "@/lib/db/dialect";
import { SqlBuilder } from "@/lib/db/placeholders";

export class Sql extends SqlBuilder {
  private aliases = 0;

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

export { literal, type JsonValue } from "@/lib/db/dialect";

/** The JSON value at `keys` of a JSON column, in the builder's engine. */
export function jsonAt(sql: Sql, column: string, keys: string[]): JsonValue {
  return sql.dialect.jsonAt(column, keys);
}
