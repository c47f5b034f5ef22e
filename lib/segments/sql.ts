// Segment SQL is assembled with lib/db's builder (one placeholder dialect, lib/db/placeholders.ts), for
// the engine this process runs on unless told otherwise.
import { dbKind } from "@/lib/db";
import { SqlBuilder } from "@/lib/db/placeholders";

export class Sql extends SqlBuilder {
  constructor(dialect: "sqlite" | "postgres" = dbKind) {
    super(dialect);
  }
}

/** Escapes LIKE wildcards so user text matches literally (used with ESCAPE '\'). */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => "\\" + c)}%`;
}
