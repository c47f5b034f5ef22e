// Counters for request budgets and login throttles (rate-limiter-flexible limiters), kept where every
// instance that serves the database sees them:
//  - SQLite: one process serves a database file, so the counts live in its memory (RateLimiterMemory);
//  - PostgreSQL: any number of instances share the database, so the counts live in it
//    (RateLimiterPostgres over the process's pool, table rate_limit_counters, created by the migrations).
import { RateLimiterMemory, RateLimiterPostgres, type IRateLimiterOptions, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { connections } from "./index";

/** Whether the counts are shared with other processes (and cost a database round trip to change). */
export function countersAreShared(): boolean {
  return config().databaseKind === "postgres";
}

/** A limiter whose counts every instance serving this database sees (see above). */
export function sharedLimiter(options: IRateLimiterOptions & { keyPrefix: string; points: number }): RateLimiterAbstract {
  if (!countersAreShared()) return new RateLimiterMemory(options);
  const c = connections();
  if (c.kind !== "postgres") throw new Error("unreachable");
  return new RateLimiterPostgres({
    ...options,
    storeClient: c.pool,
    storeType: "pool",
    tableName: "rate_limit_counters",
    tableCreated: true, // by the migrations
  });
}
