import { describe, expect, it } from "vitest";
import { rateLimitPause, retryableRateLimit, toApiError } from "./api-fetch";

const refused = (policy: string, retryAfter = "12") =>
  new Response(JSON.stringify({ type: "https://x/problems/rate-limited", detail: "Rate limit exceeded", retryAfter: Number(retryAfter) }), {
    status: 429,
    headers: { "Content-Type": "application/problem+json", "Retry-After": retryAfter, "RateLimit-Policy": policy },
  });

describe("a 429 in the dashboard's API client", () => {
  it("pauses every call of the tab when the session's budget is spent, for Retry-After", async () => {
    const before = Date.now();
    const error = await toApiError(refused('"session";q=1200;w=60'));
    expect(error.retryAfterMs).toBe(12_000);
    expect(retryableRateLimit(error)).toBe(12_000);
    expect(rateLimitPause.until()).toBeGreaterThanOrEqual(before + 12_000);
    expect(rateLimitPause.until()).toBeLessThanOrEqual(Date.now() + 12_000);
  });

  it("fails only that call when a budget of its own is spent (renders, test emails)", async () => {
    const pausedUntil = rateLimitPause.until();
    const render = await toApiError(refused('"render";q=40;w=60', "30"));
    expect(render.retryAfterMs).toBe(30_000);
    expect(rateLimitPause.until()).toBe(pausedUntil);
    // An hour's wait is not waited for on the page: it is said, and the call is not asked again.
    const testSends = await toApiError(refused('"test-send";q=20;w=3600', "3000"));
    expect(retryableRateLimit(testSends)).toBeNull();
    expect(rateLimitPause.until()).toBe(pausedUntil);
  });
});
