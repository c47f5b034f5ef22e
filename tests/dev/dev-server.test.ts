// `npm run dev` serves requests the way `npm start` does: the API through Inkwell's router (not Next's),
// the same security headers on every response, the background work started with the server. Starts the
// development server (Next compiles on demand: minutes on a busy machine) and a production one (the
// build), and asks both the same things.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../api/setup/test-server";
import { apiHeaders, ask, comparable, firstScriptPath, PROBES, type Probe } from "../api/security-headers";

let dev: TestServer;
let prod: TestServer;

beforeAll(async () => {
  // Neither waits on /healthz: nothing may depend on it being asked.
  [prod, dev] = await Promise.all([
    startTestServer({ label: "prod-for-dev", readyPath: "/api/openapi.json" }),
    startTestServer({ label: "dev", dev: true, readyPath: "/api/openapi.json", startTimeoutMs: 600_000 }),
  ]);
}, 660_000);

afterAll(async () => {
  await Promise.all([dev?.stop(), prod?.stop()]);
});

const both = async (probe: Probe) => ({ dev: await ask(dev.baseUrl, probe), prod: await ask(prod.baseUrl, probe) });

describe("npm run dev and npm start answer alike", () => {
  it("the development server says it serves the API itself", () => {
    expect(dev.logs()).toMatch(/\d+ API routes, development\)/);
  });

  it("the same security headers on every kind of response", async () => {
    for (const probe of PROBES) {
      const answers = await both(probe);
      expect(answers.dev.status, probe.name).toBe(answers.prod.status);
      expect(comparable(answers.dev.headers), probe.name).toEqual(comparable(answers.prod.headers));
    }
    const page = await both({ name: "sign-in page", path: "/login" });
    const scripts = {
      dev: await ask(dev.baseUrl, { name: "script", path: firstScriptPath(page.dev.body) }),
      prod: await ask(prod.baseUrl, { name: "script", path: firstScriptPath(page.prod.body) }),
    };
    expect(scripts.dev.status).toBe(200);
    expect(comparable(scripts.dev.headers)).toEqual(comparable(scripts.prod.headers));
  }, 600_000);

  it("pages in development allow eval for React's error overlay, and nothing else more", async () => {
    const { dev: answer } = await both({ name: "sign-in page", path: "/login" });
    expect(answer.headers.get("content-security-policy")).toContain("'unsafe-eval'");
  }, 300_000);

  it("API answers are written by the same code: Inkwell's router, not Next's (whose answers vary on its router headers)", async () => {
    for (const probe of PROBES.filter((p) => /^\/(api|v4)\//.test(p.path))) {
      const answers = await both(probe);
      expect(apiHeaders(answers.dev.headers), probe.name).toEqual(apiHeaders(answers.prod.headers));
      expect(answers.dev.headers.get("vary") ?? "", probe.name).not.toContain("rsc");
      if (probe.method !== "HEAD" && answers.prod.body) {
        // Request ids and the servers' own origins differ; nothing else may.
        const strip = (body: string) =>
          body.replace(/urn:request:[0-9a-f-]+/g, "urn:request:…").replace(/http:\/\/(localhost|127\.0\.0\.1):\d+/g, "");
        expect(strip(answers.dev.body), probe.name).toBe(strip(answers.prod.body));
      }
    }
    // Inkwell's router logs the API requests it serves in development (Next is not asked for them).
    expect(dev.logs()).toMatch(/ GET \/api\/me 400 in \d+ms/);
    expect(dev.logs()).not.toMatch(/GET \/api\/server-entry \d{3} in/);
  }, 300_000);

  it("the background work runs without anyone having asked /healthz", async () => {
    const health = await (await fetch(`${dev.baseUrl}/healthz`)).json();
    expect(health.worker).not.toBe("off");
  }, 300_000);
});
