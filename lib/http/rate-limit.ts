// Per-credential request budgets (a fixed one-minute window), kept in process memory.
import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";
import { ApiProblem } from "./problems";

export type RateLimitBucket = "default" | "render";

function perMinute(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

// One set per process: the custom server's fast routes (server/fast-routes.ts, loaded by tsx) and Next's
// bundle each load this module, and a credential's budget must be one budget across both.
const shared = globalThis as unknown as { inkwellRateLimiters?: Record<RateLimitBucket, RateLimiterMemory> };
const limiters = (shared.inkwellRateLimiters ??= {
  default: new RateLimiterMemory({ keyPrefix: "api", points: perMinute("RATE_LIMIT_PER_MINUTE", 400), duration: 60 }),
  render: new RateLimiterMemory({ keyPrefix: "render", points: perMinute("RATE_LIMIT_RENDER_PER_MINUTE", 40), duration: 60 }),
});

export async function consumeRateLimit(credentialId: string, bucket: RateLimitBucket = "default"): Promise<void> {
  try {
    await limiters[bucket].consume(credentialId);
  } catch (rejection) {
    // Duck-typed: the shared limiters may come from the other module copy, with its own RateLimiterRes class.
    if (rejection instanceof Error || typeof (rejection as RateLimiterRes | undefined)?.msBeforeNext !== "number") throw rejection;
    const retryAfter = Math.max(1, Math.ceil((rejection as RateLimiterRes).msBeforeNext / 1000));
    throw new ApiProblem("rate-limited", `Rate limit of ${limiters[bucket].points} requests per minute exceeded; retry in ${retryAfter} s`, {
      retryAfter,
      headers: { "Retry-After": String(retryAfter) },
    });
  }
}
