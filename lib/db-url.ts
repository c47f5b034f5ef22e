// Which database Inkwell talks to: SQLite by default, PostgreSQL for any postgres:// URL.
import path from "node:path";

export const DEFAULT_DATABASE_URL = "file:./data/inkwell.db";

export type DatabaseKind = "sqlite" | "postgres";

export function resolveDatabaseUrl(): string {
  return process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
}

export function databaseKind(url: string): DatabaseKind {
  return /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";
}

/** Absolute path of a `file:` SQLite URL, relative paths taken from the working directory. */
export function sqliteFilePath(url: string): string {
  const withoutScheme = url.replace(/^file:/, "").split("?")[0];
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), withoutScheme);
}
