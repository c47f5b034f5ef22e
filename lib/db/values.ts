// Parameters and column values in the formats Prisma's adapters use, so rows written through the raw
// layer read back unchanged through Prisma and the other way round.

/** Prisma's SQLite adapter stores DateTime as ISO 8601 with an explicit +00:00 offset. */
export function sqliteTime(date: Date): string {
  const iso = date.toISOString();
  return iso.length === 24 ? `${iso.slice(0, 23)}+00:00` : iso.replace("Z", "+00:00");
}

export function sqliteParam(value: unknown): unknown {
  if (value instanceof Date) return sqliteTime(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value === undefined ? null : value;
}

/** PostgreSQL's DateTime columns are `timestamp(3)` without time zone, holding UTC wall-clock time. */
export function postgresParam(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("Z", "");
  return value === undefined ? null : value;
}

/**
 * Whether every engine can store this text: well-formed Unicode (a lone UTF-16 surrogate cannot be encoded
 * by the drivers: PostgreSQL answered "unexpected end of hex escape", SQLite stored "\ufffd" in its place,
 * issue 26) without NUL (well-formed, but PostgreSQL stores no text holding one, a 500, while SQLite took
 * it). Requests carrying other text are refused where they are parsed (lib/http/unicode.ts).
 */
export function isStorableText(text: string): boolean {
  return text.isWellFormed() && !text.includes("\0");
}

// Column values as the drivers return them, read the same on both engines: better-sqlite3 gives TEXT
// for DateTime and Json columns and 0/1 for Boolean; pg gives Date (see connections.ts), parsed JSON, boolean.
export function dateValue(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string);
}

export function jsonValue(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

export function boolValue(value: unknown): boolean {
  return value === true || value === 1 || value === 1n;
}

export function numberValue(value: unknown): number {
  return typeof value === "bigint" ? Number(value) : Number(value ?? 0);
}

/** A DateTime read through Dialect.isoTime as ISO 8601 with milliseconds and Z, as the API writes times. */
export function isoTimeValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  // The SQLite adapter's format ("2026-01-02T03:04:05.678+00:00") is rewritten without parsing a Date.
  if (text.length === 29 && text.endsWith("+00:00")) return `${text.slice(0, 23)}Z`;
  return text.length === 24 && text.endsWith("Z") ? text : new Date(text).toISOString();
}
