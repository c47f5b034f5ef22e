// Which database a URL names: SQLite by default (a `file:` URL), PostgreSQL for postgres:// URLs.
import path from "node:path";

export type DatabaseKind = "sqlite" | "postgres";

export function databaseKind(url: string): DatabaseKind {
  return /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";
}

/** Absolute path of a `file:` SQLite URL, relative paths taken from the working directory. */
export function sqliteFilePath(url: string): string {
  const withoutScheme = url.replace(/^file:/, "").split("?")[0];
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), withoutScheme);
}
