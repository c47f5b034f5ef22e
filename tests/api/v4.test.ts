// The deprecated v4 layer over HTTP: the same contacts and events as the current API, bearer tokens
// only, lifecycle headers on every response, usage shown in the dashboard, and 410 after the sunset.
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, baseUrl, createSession, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { accessTokenFor } from "./oauth-helpers";
import { until } from "./until";
import { startTestServer, type TestServer } from "./setup/test-server";

const SUNSET = "Tue, 15 Jun 2027 00:00:00 GMT";
const DEPRECATION = `@${Date.UTC(2026, 2, 15) / 1000}`;

let brand: TestBrand;
let token: string;

beforeAll(async () => {
  brand = await createTestBrand();
  token = await accessTokenFor(brand.brandId, ["contacts.read", "contacts.write", "events.write"]);
});

const v4 = (path: string, options: { body?: unknown; bearer?: string | null; method?: string; headers?: Record<string, string> } = {}) =>
  api(path, {
    version: null,
    bearer: options.bearer === null ? undefined : (options.bearer ?? token),
    body: options.body,
    method: options.method,
    headers: options.headers,
  });

const email = () => `v4-${randomUUID().slice(0, 8)}@example.com`;
let phoneSeq = randomInt(0, 8000);
/** A valid US number, unique within this file's run. */
const phone = () => `+1415555${1000 + phoneSeq++}`;

function expectLifecycle(res: Response, successor: string) {
  expect(res.headers.get("deprecation")).toBe(DEPRECATION);
  expect(res.headers.get("sunset")).toBe(SUNSET);
  expect(res.headers.get("link")).toBe(
    `<${successor}>; rel="successor-version", </docs/v4-migration>; rel="deprecation"; type="text/html"`,
  );
}

async function identify(body: unknown): Promise<string> {
  const res = await v4("/v4/identify", { body });
  const out = await json(res);
  expect(res.status, JSON.stringify(out)).toBe(202);
  expectLifecycle(res, "/api/contacts");
  expect(out).toEqual({ contactID: expect.stringMatching(/^[0-9a-f]{24}$/) });
  return out.contactID;
}

describe("POST /v4/identify", () => {
  it("maps onto the current contact: identifiers, channel statuses, identifier consent, profile; 202 with the contact id", async () => {
    const address = email();
    const number = phone();
    const id = await identify({
      email: address.toUpperCase(),
      phoneNumber: number,
      optIns: [{ channel: "email", createdAt: "2026-04-01T10:00:00Z" }],
      optOuts: [{ channel: "sms" }],
      consents: [{ channel: "email", source: "checkout", createdAt: "2026-04-01T10:00:00Z", ip: "203.0.113.7", userAgent: "Shop/1.0" }],
      firstName: "Ada",
      tags: ["vip"],
      customProperties: { tier: "gold" },
    });
    const res = await api(`/api/contacts/${id}`, { key: brand.key });
    expect(res.status).toBe(200);
    const contact = await json(res);
    expect(contact).toMatchObject({
      id,
      email: address,
      phone: [number],
      status: "subscribed",
      firstName: "Ada",
      tags: ["vip"],
      customProperties: { tier: "gold" },
    });
    expect(contact.identifiers).toEqual([
      {
        type: "email",
        id: address,
        sendWelcomeMessage: true,
        channels: { email: { status: "subscribed", statusChangedAt: "2026-04-01T10:00:00.000Z" } },
        consent: { source: "checkout", createdAt: "2026-04-01T10:00:00.000Z", ip: "203.0.113.7", userAgent: "Shop/1.0" },
      },
      {
        type: "phone",
        id: number,
        sendWelcomeMessage: true,
        channels: { sms: { status: "unsubscribed", statusChangedAt: expect.any(String) } },
      },
    ]);
    expect(contact.optIns).toEqual([{ channel: "email", optInAt: "2026-04-01T10:00:00.000Z" }]);
    expect(contact.consents).toEqual([
      { channel: "email", source: "checkout", createdAt: "2026-04-01T10:00:00.000Z", ip: "203.0.113.7", userAgent: "Shop/1.0" },
    ]);
    const changes = await db.contactStatusChange.findMany({ where: { contactId: id } });
    expect(changes.map((s) => s.source)).toEqual(["v4", "v4"]);
  });

  it("identifying an existing contact updates that contact (matched by email, then phone)", async () => {
    const address = email();
    const created = await json(
      await api("/api/contacts", { key: brand.key, body: { identifiers: [{ type: "email", id: address }], lastName: "Lovelace" } }),
    );
    const number = phone();
    expect(await identify({ email: address, phoneNumber: number, firstName: "Ada" })).toBe(created.id);
    expect(await identify({ phoneNumber: number, optIns: [{ channel: "sms" }] })).toBe(created.id);
    const contact = await json(await api(`/api/contacts/${created.id}`, { key: brand.key }));
    expect(contact).toMatchObject({ firstName: "Ada", lastName: "Lovelace", phone: [number] });
    expect(contact.identifiers[1].channels.sms.status).toBe("subscribed");
  });

  it("refuses what v4 cannot mean, every problem at once, with v4's field names", async () => {
    const res = await v4("/v4/identify", {
      body: {
        optIns: [{ channel: "sms" }, { channel: "sms" }],
        optOuts: [{ channel: "email" }],
        consents: [{ channel: "fax", source: "x" }],
        identifiers: [],
      },
    });
    const problem = await expectProblem(res, 400, "validation-failed");
    expectLifecycle(res, "/api/contacts");
    const found = problem.errors.map((e: { pointer: string; code: string }) => `${e.pointer} ${e.code}`).sort();
    expect(found).toEqual(
      [
        "/identifiers unknown_field",
        "/consents/0/channel invalid_value",
        "/email required",
        "/optIns/0/channel missing_identifier",
        "/optIns/1/channel duplicate",
        "/optOuts/0/channel missing_identifier",
      ].sort(),
    );
  });

  it("a channel both opted in and out, and malformed identifiers, are named precisely", async () => {
    const problem = await expectProblem(
      await v4("/v4/identify", {
        body: { email: "not-an-email", phoneNumber: "4155552671", optIns: [{ channel: "email" }], optOuts: [{ channel: "email" }] },
      }),
      400,
      "validation-failed",
    );
    expect(problem.errors.map((e: { pointer: string; code: string }) => `${e.pointer} ${e.code}`).sort()).toEqual([
      "/email invalid_email",
      "/optOuts/0/channel conflict",
      "/phoneNumber invalid_phone",
    ]);
  });

  it("the current API's contact rules apply unchanged (duplicate tags)", async () => {
    const problem = await expectProblem(await v4("/v4/identify", { body: { email: email(), tags: ["a", "a"] } }), 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "tags", pointer: "/tags/1", code: "duplicate" })]);
  });

  it("an email and a phone owned by two different contacts: 409 naming phoneNumber", async () => {
    const address = email();
    const number = phone();
    await identify({ email: address });
    await identify({ phoneNumber: number });
    const problem = await expectProblem(await v4("/v4/identify", { body: { email: address, phoneNumber: number } }), 409, "conflict");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "phoneNumber", pointer: "/phoneNumber", code: "identifier_taken" })]);
  });
});

describe("GET /v4/contacts/{lookup}", () => {
  let contactId: string;
  const address = email();
  const number = phone();

  beforeAll(async () => {
    // Created through the current API: the reverse direction.
    const res = await api("/api/contacts", {
      key: brand.key,
      body: {
        identifiers: [
          {
            type: "email",
            id: address,
            channels: { email: { status: "subscribed", statusChangedAt: "2026-05-01T08:00:00Z" } },
            consent: { source: "popup", createdAt: "2026-05-01T08:00:00Z" },
          },
          { type: "phone", id: number, channels: { sms: { status: "unsubscribed", statusChangedAt: "2026-05-02T08:00:00Z" } } },
        ],
        firstName: "Grace",
        countryCode: "US",
      },
    });
    expect(res.status).toBe(201);
    contactId = (await json(res)).id;
  });

  const expected = () => ({
    contactID: contactId,
    email: address,
    phoneNumber: number,
    optIns: [{ channel: "email", createdAt: "2026-05-01T08:00:00.000Z" }],
    optOuts: [{ channel: "sms", createdAt: "2026-05-02T08:00:00.000Z" }],
    consents: [{ channel: "email", source: "popup", createdAt: "2026-05-01T08:00:00.000Z" }],
    firstName: "Grace",
    lastName: null,
    countryCode: "US",
    tags: [],
    customProperties: {},
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  });

  it("by id, email and phoneNumber (+ as is and as %2B): the contact created through the current API, in v4's shape", async () => {
    for (const [path, successor] of [
      [`/v4/contacts/id:${contactId}`, `/api/contacts/${contactId}`],
      [`/v4/contacts/email:${address.toUpperCase()}`, `/api/contacts?email=${encodeURIComponent(address)}`],
      [`/v4/contacts/email%3A${encodeURIComponent(address)}`, `/api/contacts?email=${encodeURIComponent(address)}`],
      [`/v4/contacts/phoneNumber:${number}`, `/api/contacts?phone=${encodeURIComponent(number)}`],
      [`/v4/contacts/phoneNumber:${number.replace("+", "%2B")}`, `/api/contacts?phone=${encodeURIComponent(number)}`],
    ]) {
      const res = await v4(path);
      const body = await json(res);
      expect(res.status, `${path}: ${JSON.stringify(body)}`).toBe(200);
      expect(body).toMatchObject(expected());
      expect(body).not.toHaveProperty("identifiers");
      expectLifecycle(res, successor);
    }
  });

  it("a contact identified through v4 reads back the same through v4", async () => {
    const a = email();
    const id = await identify({
      email: a,
      optOuts: [{ channel: "email", createdAt: "2026-06-01T00:00:00Z" }],
      consents: [{ channel: "email", source: "form" }],
    });
    const body = await json(await v4(`/v4/contacts/email:${a}`));
    expect(body).toMatchObject({
      contactID: id,
      email: a,
      phoneNumber: null,
      optIns: [],
      optOuts: [{ channel: "email", createdAt: "2026-06-01T00:00:00.000Z" }],
    });
    expect(body.consents).toEqual([{ channel: "email", source: "form", createdAt: expect.any(String) }]);
  });

  it("unknown contacts are 404, another brand's contact too", async () => {
    const other = await createTestBrand();
    const otherToken = await accessTokenFor(other.brandId, ["contacts.read"]);
    for (const path of [
      `/v4/contacts/id:${MISSING_ID}`,
      `/v4/contacts/email:nobody-${randomUUID()}@example.com`,
      "/v4/contacts/phoneNumber:+14155550199",
    ]) {
      const res = await v4(path);
      await expectProblem(res, 404, "not-found");
      expect(res.headers.get("sunset")).toBe(SUNSET);
    }
    await expectProblem(await v4(`/v4/contacts/id:${contactId}`, { bearer: otherToken }), 404, "not-found");
    await expectProblem(await v4(`/v4/contacts/email:${address}`, { bearer: otherToken }), 404, "not-found");
  });

  it("malformed lookups are 400 with the path parameter named", async () => {
    for (const [path, code] of [
      ["/v4/contacts/name:Grace", "invalid_value"],
      ["/v4/contacts/id:123", "invalid_id"],
      ["/v4/contacts/email:nope", "invalid_email"],
      ["/v4/contacts/phoneNumber:4155552671", "invalid_phone"],
    ]) {
      const res = await v4(path);
      const problem = await expectProblem(res, 400, "invalid-id");
      expect(problem.errors).toEqual([expect.objectContaining({ field: "lookup", pointer: "/lookup", code, in: "path" })]);
      expectLifecycle(res, "/api/contacts");
    }
  });
});

describe("POST /v4/track", () => {
  it("lands with the no-origin identity: exact name, no eventVersion (even for a recommended name), properties unchanged, phoneNumber as phone", async () => {
    const own = await createTestBrand();
    const ownToken = await accessTokenFor(own.brandId, ["events.write", "contacts.read"]);
    const address = email();
    const number = phone();
    const properties = { productID: "sku-1", colour: "blue", nested: { sizes: [1, 2] } };
    const res = await v4("/v4/track", {
      bearer: ownToken,
      body: { eventName: "viewed product", contact: { email: address, phoneNumber: number, firstName: "Ada" }, properties },
    });
    const out = await json(res);
    expect(res.status, JSON.stringify(out)).toBe(202);
    expect(out).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), status: "accepted" });
    expectLifecycle(res, "/api/events");

    const stored = await db.eventInbox.findUniqueOrThrow({ where: { id: out.id } });
    expect(stored).toMatchObject({
      brandId: own.brandId,
      eventName: "viewed product",
      eventVersion: null,
      origin: "v4",
      originInIdentity: false,
    });
    const event = await until(
      () => db.contactEvent.findUnique({ where: { id: out.id } }),
      (row) => row !== null,
    );
    expect(event).toMatchObject({ eventName: "viewed product", eventVersion: null, properties });

    const contacts = await json(await api(`/api/contacts?phone=${encodeURIComponent(number)}`, { key: own.key }));
    expect(contacts.contacts).toEqual([
      expect.objectContaining({ id: event!.contactId, email: address, phone: [number], firstName: "Ada" }),
    ]);

    const { identities } = await json(await api("/api/event-identities", { key: own.key }));
    expect(identities).toEqual([
      expect.objectContaining({ eventName: "viewed product", origin: null, eventVersion: null, count: 1, conflict: false }),
    ]);
  });

  it("a custom event sent through v4 and through the current API with no-origin is one identity", async () => {
    const own = await createTestBrand();
    const ownToken = await accessTokenFor(own.brandId, ["events.write"]);
    const address = email();
    const first = await json(
      await v4("/v4/track", {
        bearer: ownToken,
        body: { eventName: "Wishlist Shared", contact: { email: address }, properties: { items: 3 } },
      }),
    );
    const second = await api("/api/events", {
      key: own.key,
      headers: { compatibility: "no-origin" },
      body: { eventName: "Wishlist Shared", origin: "api", contact: { email: address }, properties: { items: 4 } },
    });
    expect(second.status).toBe(202);
    const secondId = (await json(second)).id;
    await until(
      () => db.contactEvent.count({ where: { id: { in: [first.id, secondId] } } }),
      (n) => n === 2,
    );
    const { identities } = await json(await api("/api/event-identities", { key: own.key }));
    expect(identities).toEqual([
      expect.objectContaining({ eventName: "Wishlist Shared", origin: null, eventVersion: null, count: 2, conflict: false }),
    ]);
  });

  it("keeps the event name's case", async () => {
    const res = await v4("/v4/track", { body: { eventName: "Viewed Product", contact: { email: email() } } });
    const out = await json(res);
    expect(res.status).toBe(202);
    expect(await db.eventInbox.findUniqueOrThrow({ where: { id: out.id } })).toMatchObject({
      eventName: "Viewed Product",
      eventVersion: null,
    });
  });

  it("refuses the current API's fields and a contact without email or phoneNumber", async () => {
    const res = await v4("/v4/track", {
      body: { eventName: "x", origin: "api", eventVersion: "v1", eventID: randomUUID(), contact: { phone: "+14155552671" } },
    });
    const problem = await expectProblem(res, 400, "validation-failed");
    expectLifecycle(res, "/api/events");
    expect(problem.errors.map((e: { pointer: string; code: string }) => `${e.pointer} ${e.code}`).sort()).toEqual([
      "/contact/email required",
      "/contact/phone unknown_field",
      "/eventID unknown_field",
      "/eventVersion unknown_field",
      "/origin unknown_field",
    ]);
    const bad = await expectProblem(
      await v4("/v4/track", { body: { eventName: "x", contact: { phoneNumber: "12" } } }),
      400,
      "validation-failed",
    );
    expect(bad.errors).toEqual([expect.objectContaining({ pointer: "/contact/phoneNumber", code: "invalid_phone" })]);
  });
});

describe("credentials", () => {
  it("an API key is refused with 401 pointing to the current API", async () => {
    for (const [path, method, successor] of [
      ["/v4/identify", "POST", "/api/contacts"],
      ["/v4/track", "POST", "/api/events"],
      [`/v4/contacts/email:a@example.com`, "GET", "/api/contacts?email=a%40example.com"],
    ]) {
      const res = await api(path, { version: null, key: brand.key, method, body: method === "POST" ? { email: email() } : undefined });
      const problem = await expectProblem(res, 401, "unauthorized");
      expect(problem.detail).toContain("The v4 API accepts OAuth bearer tokens only");
      expect(problem.detail).toContain(`${successor} with 'Authorization: Service-API-Key <key>'`);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="inkwell"');
      expectLifecycle(res, successor);
    }
  });

  it("no credentials, a dashboard session, and an invalid token are 401 too", async () => {
    await expectProblem(await v4("/v4/identify", { bearer: null, body: { email: email() } }), 401, "unauthorized");
    const session = await createSession(brand.brandId);
    const res = await api("/v4/contacts/email:a@example.com", { version: null, cookie: session.cookie });
    expect((await expectProblem(res, 401, "unauthorized")).detail).toContain("bearer tokens only");
    const invalid = await v4("/v4/identify", { bearer: "inkat_not-a-token", body: { email: email() } });
    await expectProblem(invalid, 401, "unauthorized");
    expect(invalid.headers.get("www-authenticate")).toBe('Bearer realm="inkwell", error="invalid_token"');
  });

  it("each endpoint needs its scope", async () => {
    const readOnly = await accessTokenFor(brand.brandId, ["contacts.read"]);
    for (const [path, scope] of [
      ["/v4/identify", "contacts.write"],
      ["/v4/track", "events.write"],
    ]) {
      const res = await v4(path, { bearer: readOnly, body: { email: email() } });
      const problem = await expectProblem(res, 403, "insufficient-scope");
      expect(problem.requiredScopes).toEqual([scope]);
      expect(res.headers.get("sunset")).toBe(SUNSET);
    }
    const writeEvents = await accessTokenFor(brand.brandId, ["events.write"]);
    await expectProblem(await v4(`/v4/contacts/id:${MISSING_ID}`, { bearer: writeEvents }), 403, "insufficient-scope");
  });
});

describe("lifecycle headers", () => {
  it("no Service-Version is needed, and one sent is ignored", async () => {
    const res = await v4("/v4/identify", { body: { email: email() }, headers: { "Service-Version": "1999-01-01" } });
    expect(res.status).toBe(202);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("are on 405s and unknown v4 paths too", async () => {
    const res = await v4("/v4/identify");
    await expectProblem(res, 405, "method-not-allowed");
    expect(res.headers.get("allow")).toBe("POST");
    expectLifecycle(res, "/api/contacts");
    const unknown = await v4("/v4/segments");
    await expectProblem(unknown, 404, "not-found");
    expectLifecycle(unknown, "/api");
  });

  it("malformed JSON and a wrong content type are problems with the headers", async () => {
    const res = await v4("/v4/track", { body: "{" });
    await expectProblem(res, 400, "invalid-json");
    expectLifecycle(res, "/api/events");
    const text = await api("/v4/identify", {
      version: null,
      bearer: token,
      method: "POST",
      body: "hello",
      headers: { "Content-Type": "text/plain" },
    });
    await expectProblem(text, 415, "unsupported-media-type");
    expectLifecycle(text, "/api/contacts");
  });
});

describe("usage in the dashboard", () => {
  it("records the brand's v4 calls and shows a notice; a brand without v4 calls sees none", async () => {
    const own = await createTestBrand();
    const ownToken = await accessTokenFor(own.brandId, ["contacts.read", "contacts.write"]);
    const callDay = new Date().toISOString().slice(0, 10);
    await v4("/v4/identify", { bearer: ownToken, body: { email: email() } });
    const rows = await until(
      () => db.v4UsageDay.findMany({ where: { brandId: own.brandId } }),
      (r) => r.length === 1,
    );
    expect(rows[0]).toMatchObject({ endpoint: "identify", count: 1 });
    // The call's UTC day (or the next, for a call made as midnight passed).
    expect([callDay, new Date().toISOString().slice(0, 10)]).toContain(rows[0].day);

    const session = await createSession(own.brandId);
    const page = await fetch(`${baseUrl()}/settings`, { headers: { Cookie: session.cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Your integrations called the deprecated v4 API 1 time in the last 30 days");
    expect(html).toContain('href="/docs/v4-migration"');

    const quiet = await createTestBrand();
    const quietSession = await createSession(quiet.brandId);
    const quietHtml = await (await fetch(`${baseUrl()}/settings`, { headers: { Cookie: quietSession.cookie } })).text();
    expect(quietHtml).toContain("Settings");
    expect(quietHtml).not.toContain("deprecated v4 API");
  });
});

describe("after the sunset", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ label: "v4-sunset", env: { V4_SUNSET_AT: "2020-01-01T00:00:00Z" } });
  }, 150_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("every v4 endpoint answers 410 with the lifecycle headers; the current API still works", async () => {
    for (const [path, method, successor] of [
      ["/v4/identify", "POST", "/api/contacts"],
      ["/v4/track", "POST", "/api/events"],
      [`/v4/contacts/id:${MISSING_ID}`, "GET", `/api/contacts/${MISSING_ID}`],
      ["/v4/identify", "GET", "/api/contacts"],
    ]) {
      const res = await fetch(server.baseUrl + path, {
        method,
        headers: { Authorization: "Bearer inkat_whatever", "Content-Type": "application/json" },
        body: method === "POST" ? JSON.stringify({ email: "a@example.com" }) : undefined,
      });
      const body = await json(res);
      expect({ status: res.status, type: body.type }).toEqual({ status: 410, type: expect.stringMatching(/\/gone$/) });
      expect(body.detail).toContain("2020-01-01");
      expect(res.headers.get("sunset")).toBe("Wed, 01 Jan 2020 00:00:00 GMT");
      expect(res.headers.get("deprecation")).toBe(DEPRECATION);
      expect(res.headers.get("link")).toContain(`<${successor}>; rel="successor-version"`);
    }
    const current = await fetch(server.baseUrl + "/api/contacts", { headers: { "Service-Version": "2026-03-15" } });
    expect(current.status).toBe(401);
  });
});
