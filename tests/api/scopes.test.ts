// Every resource route enforces its OAuth scope: reads need .read (or .write), writes need .write.
import { beforeAll, describe, expect, it } from "vitest";
import { api, createTestBrand, expectProblem, type TestBrand } from "./helpers";
import { accessTokenFor } from "./oauth-helpers";

let brand: TestBrand;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  brand = await createTestBrand();
  for (const scope of ["contacts.read", "email-templates.read", "email-templates.write"]) {
    tokens[scope] = await accessTokenFor(brand.brandId, [scope]);
  }
});

const minimalTemplate = { name: "Scoped", sections: [] };

describe("email templates", () => {
  it("a token without the scope gets 403 insufficient-scope", async () => {
    const res = await api("/api/email-templates", { bearer: tokens["contacts.read"] });
    const body = await expectProblem(res, 403, "insufficient-scope");
    expect(body.detail).toContain("email-templates.read");
    expect(res.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
  });

  it(".read reads but cannot write", async () => {
    expect((await api("/api/email-templates", { bearer: tokens["email-templates.read"] })).status).toBe(200);
    await expectProblem(
      await api("/api/email-templates", { bearer: tokens["email-templates.read"], body: minimalTemplate }),
      403,
      "insufficient-scope",
    );
  });

  it(".write writes and also reads", async () => {
    const created = await api("/api/email-templates", { bearer: tokens["email-templates.write"], body: minimalTemplate });
    expect(created.status).toBe(201);
    expect((await api("/api/email-templates", { bearer: tokens["email-templates.write"] })).status).toBe(200);
  });
});

describe("contacts and segments", () => {
  it("contacts.read lists contacts but cannot upsert", async () => {
    expect((await api("/api/contacts", { bearer: tokens["contacts.read"] })).status).toBe(200);
    const res = await api("/api/contacts", {
      bearer: tokens["contacts.read"],
      body: { identifiers: [{ type: "email", id: "scoped@example.com" }] },
    });
    await expectProblem(res, 403, "insufficient-scope");
  });

  it("segments need their own scope", async () => {
    await expectProblem(await api("/api/segments", { bearer: tokens["contacts.read"] }), 403, "insufficient-scope");
    await expectProblem(await api("/api/contacts", { bearer: tokens["email-templates.write"] }), 403, "insufficient-scope");
  });
});

describe("events", () => {
  const event = { eventName: "scoped custom event", origin: "api", contact: { email: "scoped-events@example.com" } };

  it("POST /api/events needs events.write", async () => {
    const res = await api("/api/events", { bearer: tokens["contacts.read"], body: event });
    const body = await expectProblem(res, 403, "insufficient-scope");
    expect(body.detail).toContain("events.write");
  });

  it("the catalog is readable with any read scope", async () => {
    expect((await api("/api/event-catalog", { bearer: tokens["contacts.read"] })).status).toBe(200);
    expect((await api("/api/event-catalog", { bearer: tokens["email-templates.read"] })).status).toBe(200);
  });

  it("contact events need contacts.read", async () => {
    const res = await api("/api/contacts/0000000000000000deadbeef/events", { bearer: tokens["email-templates.write"] });
    await expectProblem(res, 403, "insufficient-scope");
  });
});
