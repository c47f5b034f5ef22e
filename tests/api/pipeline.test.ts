// Every rule of the request pipeline (lib/http), each with the bad request and the exact problem.
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, baseUrl, createSession, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand, VERSION } from "./helpers";

let brand: TestBrand;
let session: { cookie: string };

beforeAll(async () => {
  brand = await createTestBrand();
  session = await createSession(brand.brandId);
});

describe("version header", () => {
  it("is required", async () => {
    const body = await expectProblem(await api("/api/me", { key: brand.key, version: null }), 400, "version-required");
    expect(body.detail).toContain("2026-03-15");
  });

  it("rejects other versions and lists the supported ones", async () => {
    const body = await expectProblem(await api("/api/me", { key: brand.key, version: "2025-01-01" }), 400, "unsupported-version");
    expect(body.detail).toContain("2026-03-15");
    expect(body.supportedVersions).toEqual(["2026-03-15"]);
  });

  it("is echoed on success", async () => {
    const res = await api("/api/me", { key: brand.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("service-version")).toBe("2026-03-15");
  });
});

describe("credentials", () => {
  it("401 with WWW-Authenticate when missing", async () => {
    const res = await api("/api/me");
    await expectProblem(res, 401, "unauthorized");
    expect(res.headers.get("www-authenticate")).toMatch(/Service-API-Key/);
  });

  it("401 for an unknown key", async () => {
    await expectProblem(await api("/api/me", { key: "ink_notarealkey000000000000000000" }), 401, "unauthorized");
  });

  it("401 for a wrong Authorization scheme", async () => {
    const res = await api("/api/me", { headers: { Authorization: `Basic ${Buffer.from("a:b").toString("base64")}` } });
    const body = await expectProblem(res, 401, "unauthorized");
    expect(body.detail).toMatch(/scheme/);
  });

  it("401 for a malformed Authorization header", async () => {
    await expectProblem(await api("/api/me", { headers: { Authorization: "Service-API-Key" } }), 401, "unauthorized");
  });

  it("401 for an unknown bearer token", async () => {
    const res = await api("/api/me", { bearer: "not-a-token" });
    await expectProblem(res, 401, "unauthorized");
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("401 at once for a key revoked in the dashboard", async () => {
    const other = await createTestBrand();
    const session = await createSession(other.brandId);
    expect((await api("/api/me", { key: other.key })).status).toBe(200);
    const [key] = await db.apiKey.findMany({ where: { brandId: other.brandId }, select: { id: true } });
    expect(
      (await api(`/api/api-keys/${key.id}`, { method: "DELETE", cookie: session.cookie, headers: { Origin: baseUrl() } })).status,
    ).toBe(204);
    await expectProblem(await api("/api/me", { key: other.key }), 401, "unauthorized");
  });

  it("401 within a second for a key revoked by another process (the database written directly)", async () => {
    const other = await createTestBrand();
    expect((await api("/api/me", { key: other.key })).status).toBe(200);
    await db.apiKey.updateMany({ where: { brandId: other.brandId }, data: { revokedAt: new Date() } });
    // The server trusts a key it found active for up to 1 s (lib/brands/api-keys.ts).
    await new Promise((r) => setTimeout(r, 1100));
    await expectProblem(await api("/api/me", { key: other.key }), 401, "unauthorized");
  });

  it("an API key acts for its own brand", async () => {
    const me = await json(await api("/api/me", { key: brand.key }));
    expect(me.brand.id).toBe(brand.brandId);
    expect(me.credential.kind).toBe("api-key");
  });

  it("the session cookie authenticates reads", async () => {
    const me = await json(await api("/api/me", { cookie: session.cookie }));
    expect(me).toMatchObject({ brand: { id: brand.brandId }, credential: { kind: "session" } });
  });

  it("a cookie-authenticated write from a foreign origin is refused", async () => {
    const res = await api("/api/api-keys", { cookie: session.cookie, body: { name: "x" }, headers: { Origin: "https://evil.example" } });
    await expectProblem(res, 403, "forbidden-origin");
  });

  it("a cookie-authenticated write with Origin: null is refused", async () => {
    const res = await api("/api/api-keys", { cookie: session.cookie, body: { name: "x" }, headers: { Origin: "null" } });
    await expectProblem(res, 403, "forbidden-origin");
  });

  it("a cookie-authenticated write without Origin is refused", async () => {
    await expectProblem(await api("/api/api-keys", { cookie: session.cookie, body: { name: "x" } }), 403, "forbidden-origin");
  });

  it("a cookie-authenticated write from our own origin works", async () => {
    const res = await api("/api/api-keys", {
      cookie: session.cookie,
      body: { name: "from the dashboard" },
      headers: { Origin: baseUrl() },
    });
    expect(res.status).toBe(201);
  });

  it("a forged session cookie is not a session", async () => {
    await expectProblem(await api("/api/me", { cookie: "authjs.session-token=forged.value.here" }), 401, "unauthorized");
  });
});

describe("bodies", () => {
  const write = (body: string, headers: Record<string, string> = {}) =>
    fetch(baseUrl() + "/api/api-keys", {
      method: "POST",
      headers: {
        "Service-Version": "2026-03-15",
        Cookie: session.cookie,
        Origin: baseUrl(),
        "Content-Type": "application/json",
        ...headers,
      },
      body,
    });

  it("400 for malformed JSON", async () => {
    const body = await expectProblem(await write('{"name": '), 400, "invalid-json");
    expect(body.detail).toMatch(/not valid JSON/);
  });

  it("415 for another content type", async () => {
    await expectProblem(await write("name=x", { "Content-Type": "application/x-www-form-urlencoded" }), 415, "unsupported-media-type");
  });

  it("413 for 1 MB + 1 byte, 1 MB itself is read", async () => {
    const padding = (n: number) => JSON.stringify({ name: "x".repeat(n) });
    const overhead = padding(0).length;
    await expectProblem(await write(padding(1024 * 1024 - overhead + 1)), 413, "payload-too-large");
    // exactly 1 MB gets past the size check and fails validation instead (name too long)
    const res = await write(padding(1024 * 1024 - overhead));
    await expectProblem(res, 400, "validation-failed");
  });

  it("413 also without a Content-Length (chunked)", async () => {
    const big = JSON.stringify({ name: "y".repeat(1024 * 1024 + 10) });
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const res = await fetch(baseUrl() + "/api/api-keys", {
      method: "POST",
      headers: { "Service-Version": "2026-03-15", Cookie: session.cookie, Origin: baseUrl(), "Content-Type": "application/json" },
      body: stream,
      // @ts-expect-error -- Node's fetch needs duplex for a streamed body
      duplex: "half",
    });
    await expectProblem(res, 413, "payload-too-large");
  });

  it("validation errors carry field and pointer, all at once", async () => {
    const body = await expectProblem(await write(JSON.stringify({ name: "", extra: 1 })), 400, "validation-failed");
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "name", pointer: "/name", code: "too_small" }),
        expect.objectContaining({ field: "extra", pointer: "/extra", code: "unknown_field" }),
      ]),
    );
  });

  it("a missing body is a clear 400", async () => {
    const res = await fetch(baseUrl() + "/api/api-keys", {
      method: "POST",
      headers: { "Service-Version": "2026-03-15", Cookie: session.cookie, Origin: baseUrl() },
    });
    const body = await expectProblem(res, 400, "bad-request");
    expect(body.detail).toMatch(/body is required/);
  });
});

describe("ids, tenancy, methods, unknown paths", () => {
  it("400 for a malformed path id", async () => {
    const res = await api("/api/api-keys/not-an-id", { method: "DELETE", cookie: session.cookie, headers: { Origin: baseUrl() } });
    const body = await expectProblem(res, 400, "invalid-id");
    expect(body.errors[0]).toMatchObject({ field: "id", pointer: "/id" });
  });

  it("404 for an unknown id", async () => {
    await expectProblem(
      await api(`/api/api-keys/${MISSING_ID}`, { method: "DELETE", cookie: session.cookie, headers: { Origin: baseUrl() } }),
      404,
      "not-found",
    );
  });

  it("404 (not 403) for another brand's id, and it is left alone", async () => {
    const other = await createTestBrand();
    const key = await db.apiKey.findFirstOrThrow({ where: { brandId: other.brandId } });
    await expectProblem(
      await api(`/api/api-keys/${key.id}`, { method: "DELETE", cookie: session.cookie, headers: { Origin: baseUrl() } }),
      404,
      "not-found",
    );
    expect((await api("/api/me", { key: other.key })).status).toBe(200);
  });

  it("405 with Allow for an unsupported method", async () => {
    const res = await api("/api/me", { method: "DELETE", key: brand.key });
    await expectProblem(res, 405, "method-not-allowed");
    expect(res.headers.get("allow")).toBe("GET");
  });

  it("unknown /api paths are problems, not HTML", async () => {
    await expectProblem(await api("/api/no-such-thing", { key: brand.key }), 404, "not-found");
    await expectProblem(await api("/api/no/such/thing", { method: "POST", key: brand.key, body: {} }), 404, "not-found");
  });

  it("methods fetch cannot send (TRACE) and malformed paths are problems too", async () => {
    const raw = (method: string, path: string) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = http.request(baseUrl() + path, { method, headers: { "Service-Version": "2026-03-15" } }, (res) => {
          let body = "";
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode!, type: String(res.headers["content-type"]), body }));
        });
        req.on("error", reject);
        req.end();
      });
    const trace = await raw("TRACE", "/api/me");
    expect(trace.status).toBe(405);
    expect(trace.type).toContain("application/problem+json");
    const malformed = await raw("GET", "/api/%zz");
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body).type).toMatch(/\/bad-request$/);
  });

  it("API keys cannot manage API keys", async () => {
    await expectProblem(await api("/api/api-keys", { key: brand.key }), 403, "forbidden");
  });
});

describe("request ids, rate limits, OpenAPI, health", () => {
  it("every response carries X-Request-Id, echoed in the problem instance", async () => {
    const ok = await api("/api/me", { key: brand.key });
    expect(ok.headers.get("x-request-id")).toBeTruthy();
    const res = await api("/api/me", { key: brand.key, headers: { "X-Request-Id": "trace-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-123");
  });

  it("429 with Retry-After and retryAfter past 400 requests a minute", async () => {
    const limited = await createTestBrand();
    const statuses: number[] = [];
    for (let batch = 0; batch < 8; batch++) {
      const results = await Promise.all(Array.from({ length: 50 }, () => api("/api/me", { key: limited.key })));
      statuses.push(...results.map((r) => r.status));
      await Promise.all(results.map((r) => r.arrayBuffer()));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(400);
    const res = await api("/api/me", { key: limited.key });
    const body = await expectProblem(res, 429, "rate-limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(body.retryAfter).toBe(Number(res.headers.get("retry-after")));
    // other credentials are unaffected
    expect((await api("/api/me", { key: brand.key })).status).toBe(200);
  });

  it("answers carry X-Request-Id, Service-Version and the problem type on success and on problems", async () => {
    // Served by server/api-router.ts with the compiled route handlers: the events ingest, contacts and templates.
    const requests: { path: string; method?: string; body?: unknown; status: number }[] = [
      { path: "/api/contacts?limit=1", status: 200 },
      { path: `/api/contacts/${MISSING_ID}`, status: 404 },
      { path: "/api/email-templates?limit=1", status: 200 },
      { path: `/api/email-templates/${MISSING_ID}`, status: 404 },
      { path: "/api/events", method: "POST", body: { name: "custom thing" }, status: 400 },
    ];
    for (const { path, method, body, status } of requests) {
      const res = await api(path, { key: brand.key, method, body, headers: { "X-Request-Id": `fast-${status}` } });
      expect(res.status, path).toBe(status);
      expect(res.headers.get("x-request-id"), path).toBe(`fast-${status}`);
      expect(res.headers.get("service-version"), path).toBe(VERSION);
      const payload = await res.json();
      if (status >= 400) {
        expect(res.headers.get("content-type"), path).toContain("application/problem+json");
        expect(payload.instance, path).toContain(`fast-${status}`);
      }
    }
  });

  it("a 429 from a list endpoint carries Retry-After", async () => {
    const limited = await createTestBrand();
    for (let batch = 0; batch < 8; batch++) {
      const results = await Promise.all(Array.from({ length: 50 }, () => api("/api/contacts?limit=1", { key: limited.key })));
      await Promise.all(results.map((r) => r.arrayBuffer()));
    }
    const res = await api("/api/contacts?limit=1", { key: limited.key });
    const body = await expectProblem(res, 429, "rate-limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(body.retryAfter).toBe(Number(res.headers.get("retry-after")));
  });

  it("one budget per credential across endpoints", async () => {
    const limited = await createTestBrand();
    const statuses: number[] = [];
    for (let batch = 0; batch < 8; batch++) {
      const path = batch % 2 === 0 ? "/api/me" : "/api/contacts?limit=1";
      const results = await Promise.all(Array.from({ length: 50 }, () => api(path, { key: limited.key })));
      statuses.push(...results.map((r) => r.status));
      await Promise.all(results.map((r) => r.arrayBuffer()));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(400);
    await expectProblem(await api("/api/contacts?limit=1", { key: limited.key }), 429, "rate-limited");
    await expectProblem(await api("/api/me", { key: limited.key }), 429, "rate-limited");
  });

  it("serves the OpenAPI document without credentials or version header", async () => {
    const res = await fetch(baseUrl() + "/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/api/me");
    expect(doc.components.schemas.Problem).toBeDefined();
  });

  it("/healthz answers 200 while the database answers", async () => {
    const res = await fetch(baseUrl() + "/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("/healthz says the events worker runs (on the server's worker thread)", async () => {
    let body: { worker?: string } = {};
    for (let i = 0; i < 50 && body.worker !== "running"; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      body = await (await fetch(baseUrl() + "/healthz")).json();
    }
    expect(body.worker).toBe("running");
  });
});
