// The Prisma driver adapter for a database URL; shared by the app (lib/db.ts) and the Prisma CLI.
import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { databaseKind, sqliteFilePath } from "./db-url";

export function createAdapter(url: string) {
  if (databaseKind(url) === "postgres") {
    return new PrismaPg({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  }
  const file = sqliteFilePath(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // busy_timeout lets concurrent writers (server, worker, CLI) wait instead of failing with SQLITE_BUSY.
  return new PrismaBetterSQLite3({ url: `file:${file}`, timeout: 10_000 });
}
