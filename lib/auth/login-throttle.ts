// Slows down password guessing: after repeated failures for one email (or from one address) further
// attempts are refused for a growing time, whatever the password.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

const perEmail = new RateLimiterMemory({ keyPrefix: "login-email", points: 5, duration: 15 * 60, blockDuration: 60 });
const perAddress = new RateLimiterMemory({ keyPrefix: "login-ip", points: 30, duration: 15 * 60, blockDuration: 5 * 60 });

/** Seconds to wait before another attempt is allowed, or 0. */
export async function loginBlockedFor(email: string, address: string): Promise<number> {
  const [byEmail, byAddress] = await Promise.all([perEmail.get(email.toLowerCase()), perAddress.get(address)]);
  const blocked = [byEmail, byAddress].filter((r): r is RateLimiterRes => r !== null && r.remainingPoints <= 0);
  return blocked.length ? Math.ceil(Math.max(...blocked.map((r) => r.msBeforeNext)) / 1000) : 0;
}

export async function recordLoginFailure(email: string, address: string): Promise<void> {
  await Promise.all([perEmail.penalty(email.toLowerCase(), 1), perAddress.penalty(address, 1)]);
  for (const [limiter, key] of [[perEmail, email.toLowerCase()], [perAddress, address]] as const) {
    const state = await limiter.get(key);
    if (state && state.consumedPoints >= limiter.points) await limiter.block(key, limiter.blockDuration);
  }
}

export async function recordLoginSuccess(email: string): Promise<void> {
  await perEmail.delete(email.toLowerCase());
}
