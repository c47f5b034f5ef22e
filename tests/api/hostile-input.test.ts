// Issue 26: requests that answered 500 answer 400 problems that point at the field, and text that is not
// well-formed Unicode is refused wherever a request is parsed, so nothing damaged is ever stored.
import { beforeAll, describe, expect, it } from "vitest";
import { nid, plainSection } from "@/lib/templates/fixtures";
import { api, baseUrl, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";
import { accessTokenFor, createTestClient } from "./oauth-helpers";

let brand: TestBrand;
let bearer: string;
beforeAll(async () => {
  brand = await createTestBrand();
  bearer = await accessTokenFor(brand.brandId, ["contacts.read", "contacts.write", "events.write"]);
});

const errorsOf = (problem: { errors: { pointer: string; code: string }[] }) => problem.errors.map((e) => `${e.pointer} ${e.code}`);

describe("fields of the wrong type", () => {
  it.each([
    [{ email: 12345 }, "/email invalid_type"],
    [{ email: null }, "/email invalid_type"],
    [{ email: "a@example.com", consents: {} }, "/consents invalid_type"],
    [{ email: "a@example.com", optIns: true }, "/optIns invalid_type"],
    [{ email: "a@example.com", optIns: [null] }, "/optIns/0 invalid_type"],
    [{ phoneNumber: ["+14155552671"], optOuts: "email" }, "/phoneNumber invalid_type"],
  ])("POST /v4/identify %j answers 400 naming the field", async (body, expected) => {
    const res = await api("/v4/identify", { bearer, body, version: null });
    expect(errorsOf(await expectProblem(res, 400, "validation-failed"))).toContain(expected);
  });

  it("an event whose contact lists are of the wrong type answers 400 for each", async () => {
    const res = await api("/api/events", {
      key: brand.key,
      body: { eventName: "custom thing", origin: "api", contact: { email: "a@example.com", consents: {}, optIns: "email", optOuts: [7] } },
    });
    expect(errorsOf(await expectProblem(res, 400, "validation-failed")).sort()).toEqual([
      "/contact/consents invalid_type",
      "/contact/optIns invalid_type",
      "/contact/optOuts/0 invalid_type",
    ]);
  });
});

describe("text that is not well-formed Unicode", () => {
  // JSON escapes of lone UTF-16 surrogates: JSON.parse turns them into lone surrogates.
  const LONE = ["A\\ud800", "\\udc00", "x\\ud83d"];
  const raw = (json: string) => ({ key: brand.key, body: json });

  it.each(LONE)("PATCH /api/brand with a name %s answers 400 invalid_unicode at /name", async (text) => {
    const problem = await expectProblem(
      await api("/api/brand", { ...raw(`{"name":"${text}"}`), method: "PATCH" }),
      400,
      "validation-failed",
    );
    expect(problem.errors).toEqual([expect.objectContaining({ field: "name", pointer: "/name", code: "invalid_unicode" })]);
  });

  it("universal layouts, segments and templates refuse it in any field, on create and on replace", async () => {
    const content = JSON.stringify(plainSection([{ id: nid(), type: "text", text: "<p>Footer</p>" }]));
    const layout = await json(
      await api("/api/email-universal-layouts", { key: brand.key, body: { name: "Footer", content: JSON.parse(content) } }),
    );
    const lone = content.replace("Footer", "Foot\\ud800er");
    for (const [path, method, body, pointer] of [
      ["/api/email-universal-layouts", "POST", `{"name":"F\\udfff","content":${content}}`, "/name"],
      ["/api/email-universal-layouts", "POST", `{"name":"F","content":${lone}}`, "/content/rows/0/columns/0/blocks/0/text"],
      [`/api/email-universal-layouts/${layout.id}`, "PUT", `{"name":"F","content":${lone}}`, "/content/rows/0/columns/0/blocks/0/text"],
      ["/api/segments", "POST", '{"name":"S\\ud800","conditionGroups":[]}', "/name"],
      ["/api/email-templates", "POST", '{"name":"t\\ud800","sections":[]}', "/name"],
    ] as const) {
      const problem = await expectProblem(await api(path, { ...raw(body), method }), 400, "validation-failed");
      expect(problem.errors, `${method} ${path}`).toEqual([expect.objectContaining({ pointer, code: "invalid_unicode" })]);
    }
  });

  it("a NUL character is refused on both engines alike (PostgreSQL answered 500 for any stored text holding one)", async () => {
    for (const [path, method, body, pointer] of [
      ["/api/email-templates", "POST", '{"name":"a\\u0000b","sections":[]}', "/name"],
      ["/api/brand", "PATCH", '{"name":"a\\u0000b"}', "/name"],
      [
        "/api/contacts",
        "POST",
        '{"identifiers":[{"type":"email","id":"n@example.com"}],"customProperties":{"k":"x\\u0000"}}',
        "/customProperties/k",
      ],
      ["/api/product-categories", "POST", '{"categoryID":"c\\u0000","title":"t"}', "/categoryID"],
    ] as const) {
      const problem = await expectProblem(await api(path, { ...raw(body), method }), 400, "validation-failed");
      expect(problem.errors, `${method} ${path}`).toEqual([expect.objectContaining({ pointer, code: "invalid_unicode" })]);
    }
    const query = await expectProblem(await api("/api/email-templates?nameContains=a%00b", { key: brand.key }), 400, "validation-failed");
    expect(query.errors).toEqual([expect.objectContaining({ field: "nameContains", code: "invalid_unicode", in: "query" })]);
    // In a path id too (the fuzz found DELETE /api/products/%00 answering 500 on PostgreSQL).
    for (const [path, method] of [
      ["/api/products/%00", "DELETE"],
      ["/api/email-templates/a%00b", "GET"],
      ["/api/segments/x%00", "GET"],
    ] as const) {
      const problem = await expectProblem(await api(path, { key: brand.key, method }), 400, "invalid-id");
      expect(problem.errors, `${method} ${path}`).toEqual([expect.objectContaining({ code: "invalid_unicode", in: "path" })]);
    }
  });

  it("keys are text too", async () => {
    const res = await api(
      "/api/contacts",
      raw('{"identifiers":[{"type":"email","id":"k@example.com"}],"customProperties":{"k\\ud800":1}}'),
    );
    const problem = await expectProblem(res, 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ pointer: "/customProperties/k\ud800", code: "invalid_unicode" })]);
  });

  it("bytes that are not UTF-8 are refused at their field, not replaced by U+FFFD", async () => {
    const body = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]); // Latin-1 é
    const res = await fetch(baseUrl() + "/api/brand", {
      method: "PATCH",
      headers: { "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${brand.key}`, "Content-Type": "application/json" },
      body,
    });
    const problem = await expectProblem(res, 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "name", code: "invalid_unicode" })]);
  });

  it("a query parameter whose bytes are not UTF-8 answers 400 naming it", async () => {
    for (const encoded of ["%ED%A0%80", "%FF", "caf%E9"]) {
      const problem = await expectProblem(
        await api(`/api/email-templates?nameContains=${encoded}`, { key: brand.key }),
        400,
        "validation-failed",
      );
      expect(problem.errors).toEqual([expect.objectContaining({ field: "nameContains", code: "invalid_unicode", in: "query" })]);
    }
    expect((await api("/api/email-templates?nameContains=caf%C3%A9%20%F0%9F%98%80", { key: brand.key })).status).toBe(200);
  });

  it("an OAuth form whose bytes are not UTF-8 is an invalid_request", async () => {
    const client = await createTestClient();
    const res = await fetch(baseUrl() + "/oauth2/token", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
      },
      body: "grant_type=authorization_code&code=%ED%A0%80&redirect_uri=x",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("code") });
  });

  it("nothing damaged is stored: what was refused is not there, what was accepted reads back as sent", async () => {
    const own = await createTestBrand();
    const names = async () =>
      (await json(await api("/api/email-templates?limit=100", { key: own.key }))).templates.map((t: { name: string }) => t.name);
    for (const name of ["t\\ud800", "t\\udc00x", "\\ud83d"]) {
      expect((await api("/api/email-templates", { key: own.key, body: `{"name":"${name}","sections":[]}` })).status).toBe(400);
    }
    expect(await names()).toEqual([]);
    const whole = "t 😀 \u00e9\u0301 \u202e\ufeff x";
    expect((await api("/api/email-templates", { key: own.key, body: { name: whole, sections: [] } })).status).toBe(201);
    expect(await names()).toEqual([whole]);
    const brandName = (await json(await api("/api/brand", { key: own.key }))).name;
    expect((await api("/api/brand", { key: own.key, method: "PATCH", body: '{"name":"\\ud800"}' })).status).toBe(400);
    expect((await json(await api("/api/brand", { key: own.key }))).name).toBe(brandName);
  });
});

describe("deep nesting", () => {
  it("a body nested deeper than 64 levels answers 400 too_deep at the spot, whatever the endpoint", async () => {
    const deep =
      '{"eventName":"x","origin":"api","contact":{"email":"d@example.com"},"properties":{"p":' +
      "[".repeat(100_000) +
      "]".repeat(100_000) +
      "}}";
    const problem = await expectProblem(await api("/api/events", { key: brand.key, body: deep }), 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ code: "too_deep", pointer: "/properties/p" + "/0".repeat(62) })]);
    const shallow =
      '{"eventName":"x","origin":"api","contact":{"email":"d@example.com"},"properties":{"p":' + "[".repeat(60) + "]".repeat(60) + "}}";
    expect((await api("/api/events", { key: brand.key, body: shallow })).status).toBe(202);
  });
});

describe("many invalid items", () => {
  it("10,000 invalid array items answer a small problem: the first 50 errors, and how many more there were (issue 38)", async () => {
    // A workflow's blocks have no count limit of their own (the body's 1 MB is theirs).
    const blocks = Array.from({ length: 10_000 }, () => 7);
    const res = await api("/api/automations", { key: brand.key, body: { name: "Many blocks", blocks } });
    const text = await res.clone().text();
    const problem = await expectProblem(res, 400, "validation-failed");
    expect(problem.errors).toHaveLength(50);
    expect(problem.errors.filter((e: { pointer: string }) => e.pointer.startsWith("/blocks/")).length).toBeGreaterThan(40);
    expect(problem.errorsOmitted).toBeGreaterThanOrEqual(9_950);
    expect(problem.detail).toContain(`${50 + problem.errorsOmitted} errors in all; the first 50 are listed`);
    // Was 2.5 MB for 10,000 items: one error per item.
    expect(text.length).toBeLessThan(20_000);
  });
});

describe("methods an endpoint does not take", () => {
  it("the OAuth endpoints answer 405 with Allow: POST and an RFC 6749 error, not an empty body", async () => {
    for (const path of ["/oauth2/token", "/oauth2/revoke", "/oauth2/introspect"]) {
      for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
        const res = await fetch(baseUrl() + path, { method });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow")).toBe("POST");
        expect(await res.json()).toMatchObject({ error: "invalid_request" });
      }
    }
  });
});
