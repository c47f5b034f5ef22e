// The hourly budget of emails a brand sends to addresses it names itself: test emails (of a template, a
// campaign, an automation block) and sender confirmations. It counts emails, not requests, per brand,
// whatever key, app or user asks: counted per request and credential, one brand sent 170 test emails under
// a budget of 20 (5 addresses a request, a second API key). The counts live where every instance serving
// the database sees them (lib/db/counters.ts), so instances share one budget.
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { RateLimiterRes } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { sharedLimiter } from "@/lib/db/counters";
import { ApiProblem } from "@/lib/http/problems";

const WINDOW_SECONDS = 3600;
/** The name the dashboard reads in `RateLimit-Policy` to word the refusal (lib/client/api-fetch.ts). */
const POLICY = "test-send";

let limiter: { points: number; store: RateLimiterAbstract } | undefined;

function budget() {
  const points = config().TEST_SEND_PER_HOUR;
  if (limiter?.points !== points) {
    limiter = { points, store: sharedLimiter({ keyPrefix: "brand-test-emails", points, duration: WINDOW_SECONDS }) };
  }
  return limiter;
}

/**
 * Spends `emails` of the brand's hourly budget, or refuses them all (429) when fewer are left: a request
 * is sent whole or not at all, and a refused one gives its emails back.
 */
export async function spendTestEmails(brandId: string, emails: number): Promise<void> {
  if (emails <= 0) return;
  const { points, store } = budget();
  try {
    await store.consume(brandId, emails);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    await store.reward(brandId, emails).catch(() => undefined);
    const left = Math.max(0, points - (rejection.consumedPoints - emails));
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new ApiProblem(
      "rate-limited",
      `Rate limit of ${points} test emails per hour for the brand exceeded (${emails} asked, ${left} left); retry in ${retryAfter} s`,
      { retryAfter, headers: { "Retry-After": String(retryAfter), "RateLimit-Policy": `"${POLICY}";q=${points};w=${WINDOW_SECONDS}` } },
    );
  }
}
