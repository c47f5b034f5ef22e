// Column values as the drivers return them, read the same on both engines: better-sqlite3 gives TEXT
// for DateTime and Json columns and 0/1 for Boolean; pg gives Date (see raw-sql.ts), parsed JSON, boolean.

export function dateValue(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string);
}

export function jsonValue(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

export function boolValue(value: unknown): boolean {
  return value === true || value === 1 || value === 1n;
}
