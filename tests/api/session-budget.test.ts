// A person in the dashboard is not rate-limited like an integration (issue 27): a session's requests are
// counted apart from the brand's API keys and OAuth apps, against a budget sized for a person browsing
// (RATE_LIMIT_SESSION_PER_MINUTE, 1200 by default; API keys keep RATE_LIMIT_PER_MINUTE, 400). Every 429
// names its budget in RateLimit-Policy, which the dashboard reads to pause all its requests (or not).
import { describe, expect, it } from "vitest";
import { api, createSession, createTestBrand, expectProblem } from "./helpers";

async function spend(n: number, options: { key?: string; cookie?: string }): Promise<number[]> {
  const statuses: number[] = [];
  for (let done = 0; done < n; done += 50) {
    const results = await Promise.all(Array.from({ length: Math.min(50, n - done) }, () => api("/api/me", options)));
    statuses.push(...results.map((r) => r.status));
    await Promise.all(results.map((r) => r.arrayBuffer()));
  }
  return statuses;
}

describe("the session's budget", () => {
  it("a session gets 1200 requests a minute, counted apart from the brand's API keys", async () => {
    const brand = await createTestBrand();
    const { cookie } = await createSession(brand.brandId);
    const statuses = await spend(1200, { cookie });
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const res = await api("/api/me", { cookie });
    const body = await expectProblem(res, 429, "rate-limited");
    expect(res.headers.get("ratelimit-policy")).toBe('"session";q=1200;w=60');
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(body.retryAfter).toBe(Number(res.headers.get("retry-after")));
    // The brand's API key has its own budget, untouched by the person's requests.
    expect((await api("/api/me", { key: brand.key })).status).toBe(200);
  }, 120_000);

  it("an API key keeps the integration's budget of 400, and its 429 names it", async () => {
    const brand = await createTestBrand();
    const statuses = await spend(400, { key: brand.key });
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const res = await api("/api/me", { key: brand.key });
    await expectProblem(res, 429, "rate-limited");
    expect(res.headers.get("ratelimit-policy")).toBe('"default";q=400;w=60');
    // A person of the same brand browses on.
    const { cookie } = await createSession(brand.brandId);
    expect((await api("/api/me", { cookie })).status).toBe(200);
  }, 60_000);
});
