// Slows down password guessing: after repeated failures for one email (or from one address) further
// attempts are refused for a growing time, whatever the password. The counts are kept where every
// instance behind a load balancer sees the same ones (lib/db/counters.ts).
import type { RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { sharedLimiter } from "@/lib/db/counters";

let limiters: { perEmail: RateLimiterAbstract; perAddress: RateLimiterAbstract } | undefined;
function throttles() {
  limiters ??= {
    perEmail: sharedLimiter({ keyPrefix: "login-email", points: 5, duration: 15 * 60, blockDuration: 60 }),
    perAddress: sharedLimiter({ keyPrefix: "login-ip", points: 30, duration: 15 * 60, blockDuration: 5 * 60 }),
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
