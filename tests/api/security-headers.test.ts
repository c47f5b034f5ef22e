// Every response carries Inkwell's security headers (server/security-headers.ts): API answers, Next's
// routes, pages, 404s and static files alike; pages with a Content-Security-Policy that runs no inline
// script without the request's nonce; the routes with a policy of their own keep it.
import { describe, expect, it } from "vitest";
import { baseUrl } from "./helpers";
import { ask, firstScriptPath, nonceOf, PROBES, SECURITY_HEADERS } from "./security-headers";

function expectEverySecurityHeader(headers: Headers, what: string) {
  for (const name of SECURITY_HEADERS) expect(headers.get(name), `${what}: ${name}`).toBeTruthy();
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("x-frame-options"), what).toBe("DENY");
  expect(headers.get("content-security-policy"), what).toContain("frame-ancestors 'none'");
}

describe("security headers on every response (production server)", () => {
  it.each(PROBES)("$name ($path)", async (probe) => {
    const { status, headers } = await ask(baseUrl(), probe);
    expect(status, probe.path).toBeLessThan(500);
    expectEverySecurityHeader(headers, probe.path);
    if (!probe.page && !probe.path.startsWith("/email/view/")) {
      // Not a page: nothing may load or run.
      expect(headers.get("content-security-policy")).toContain("default-src 'none'");
    }
  });

  it("a static file a page loads", async () => {
    const page = await ask(baseUrl(), { name: "sign-in page", path: "/login" });
    const script = await ask(baseUrl(), { name: "script", path: firstScriptPath(page.body) });
    expect(script.status).toBe(200);
    expectEverySecurityHeader(script.headers, "static script");
  });

  it.each(PROBES.filter((probe) => probe.page))(
    "$name: a fresh nonce per request, on every script of the page, and no inline script without it",
    async (probe) => {
      const [first, second] = [await ask(baseUrl(), probe), await ask(baseUrl(), probe)];
      const policy = first.headers.get("content-security-policy")!;
      const nonce = nonceOf(policy);
      expect(nonce, policy).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
      expect(nonceOf(second.headers.get("content-security-policy"))).not.toBe(nonce);
      const scriptSources = /script-src ([^;]*)/.exec(policy)![1];
      expect(scriptSources).not.toContain("'unsafe-inline'");
      expect(scriptSources).not.toContain("'unsafe-eval'"); // development only
      expect(policy).toContain("object-src 'none'");
      const scripts = [...first.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    },
  );

  it("the web version of an email keeps its sandbox and no-referrer", async () => {
    const { headers } = await ask(baseUrl(), { name: "email", path: "/email/view/not-a-token" });
    expect(headers.get("content-security-policy")).toMatch(/^sandbox /);
    expect(headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("the consent POST's error page keeps its own policy (its inline style, nothing else)", async () => {
    const res = await fetch(baseUrl() + "/oauth2/authorize/decision", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=allow",
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
