// Raw SQL that runs on both engines: `?` placeholders (numbered for PostgreSQL); `?ts` for a DateTime
// parameter, passed as the UTC wall-clock text each engine's Prisma columns hold; `?json`, `?float`,
// `?bool` for parameters PostgreSQL must be told the type of (a NULL parameter has none).
import { dbKind, type DbClient } from "@/lib/db";
import { toPostgresPlaceholders, toSqlitePlaceholders } from "@/lib/sql/placeholders";
import { sqliteTime } from "@/lib/raw-db";

export function portable(sql: string): string {
  return dbKind === "postgres" ? toPostgresPlaceholders(sql) : toSqlitePlaceholders(sql);
}

/** A boolean parameter (SQLite stores 1/0). */
export function boolParam(value: boolean | null | undefined): boolean | number | null {
  if (value === null || value === undefined) return null;
  return dbKind === "postgres" ? value : value ? 1 : 0;
}

/** A DateTime parameter for a `?ts` placeholder. */
export function timeParam(date: Date): string {
  return dbKind === "postgres" ? date.toISOString().replace("Z", "") : sqliteTime(date);
}

export function queryRows<T>(client: DbClient, sql: string, ...params: unknown[]): Promise<T[]> {
  return client.$queryRawUnsafe<T[]>(portable(sql), ...params);
}

export function execute(client: DbClient, sql: string, ...params: unknown[]): Promise<number> {
  return client.$executeRawUnsafe(portable(sql), ...params);
}
