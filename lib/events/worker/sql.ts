// Raw SQL that runs on both engines: `?` placeholders (numbered for PostgreSQL), and `?ts` for a
// DateTime parameter, passed as the UTC wall-clock text each engine's Prisma columns hold.
import { dbKind, type DbClient } from "@/lib/db";
import { sqliteTime } from "../event-store";

export function portable(sql: string): string {
  if (dbKind !== "postgres") return sql.replace(/\?ts\b/g, "?");
  let n = 0;
  return sql.replace(/\?(ts\b)?/g, (_, ts?: string) => `$${++n}${ts ? "::timestamp" : ""}`);
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
