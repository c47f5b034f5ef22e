// A tiny builder for portable raw SQL: collects parameters and writes the placeholder each engine
// expects (`?` for SQLite, `$n` for PostgreSQL). Identifiers are double-quoted, which both accept.
import { dbKind } from "@/lib/db";

export type Dialect = "sqlite" | "postgres";

export class Sql {
  readonly params: unknown[] = [];
  constructor(readonly dialect: Dialect = dbKind === "postgres" ? "postgres" : "sqlite") {}

  /** A placeholder bound to `value`; `pgType` casts it where PostgreSQL cannot infer the type. */
  p(value: unknown, pgType?: "text" | "numeric" | "int"): string {
    this.params.push(value);
    if (this.dialect === "sqlite") return "?";
    return pgType ? `$${this.params.length}::${pgType}` : `$${this.params.length}`;
  }
}

/** Escapes LIKE wildcards so user text matches literally (used with ESCAPE '\'). */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => "\\" + c)}%`;
}
