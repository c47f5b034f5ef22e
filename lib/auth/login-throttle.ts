// Slows down password guessing: after repeated failures for one email (or from one address) further
// attempts are refused for a growing time, whatever the password. On PostgreSQL the counts live in the
// database (table rate_limit_counters), so every instance behind a load balancer sees the same ones.
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type IRateLimiterOptions } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { connections } from "@/lib/db";

function limiter(options: IRateLimiterOptions & { keyPrefix: string; points: number; blockDuration: number }) {
  if (config().databaseKind !== "postgres") return new RateLimiterMemory(options);
  const c = connections();
  if (c.kind !== "postgres") throw new Error("unreachable");
  return new RateLimiterPostgres({
    ...options,
    storeClient: c.pool,
    storeType: "pool",
    tableName: "rate_limit_counters",
    tableCreated: true,
  });
}

let limiters: { perEmail: RateLimiterMemory | RateLimiterPostgres; perAddress: RateLimiterMemory | RateLimiterPostgres } | undefined;
function throttles() {
  limiters ??= {
    perEmail: limiter({ keyPrefix: "login-email", points: 5, duration: 15 * 60, blockDuration: 60 }),
    perAddress: limiter({ keyPrefix: "login-ip", points: 30, duration: 15 * 60, blockDuration: 5 * 60 }),
  };
  return limiters;
}

/** Seconds to wait before another attempt is allowed, or 0. */
export async function loginBlockedFor(email: string, address: string): Promise<number> {
  const { perEmail, perAddress } = throttles();
  const [byEmail, byAddress] = await Promise.all([perEmail.get(email.toLowerCase()), perAddress.get(address)]);
  const blocked = [byEmail, byAddress].filter((r): r is RateLimiterRes => r !== null && r.remainingPoints <= 0);
  return blocked.length ? Math.ceil(Math.max(...blocked.map((r) => r.msBeforeNext)) / 1000) : 0;
}

export async function recordLoginFailure(email: string, address: string): Promise<void> {
  const { perEmail, perAddress } = throttles();
  await Promise.all([perEmail.penalty(email.toLowerCase(), 1), perAddress.penalty(address, 1)]);
  for (const [limiter, key] of [
    [perEmail, email.toLowerCase()],
    [perAddress, address],
  ] as const) {
    const state = await limiter.get(key);
    if (state && state.consumedPoints >= limiter.points) await limiter.block(key, limiter.blockDuration);
  }
}

export async function recordLoginSuccess(email: string): Promise<void> {
  await throttles().perEmail.delete(email.toLowerCase());
}
