// RFC 7662 token introspection: client authentication, active and inactive tokens, and who may see what
// (the app a token was issued to; a resource server registered by the operator for access tokens only).
import { beforeAll, describe, expect, it } from "vitest";
import { setClientStatus, updateClientSettings } from "@/lib/oauth/clients";
import { api, baseUrl, createSession, createTestBrand, json, type TestBrand } from "./helpers";
import {
  authorize,
  createTestClient,
  exchangeCode,
  expectedIssuer,
  expectOAuthError,
  tokenRequest,
  type TestClient,
  type TokenAuth,
} from "./oauth-helpers";

let brand: TestBrand;
let session: { cookie: string; userId: string };
let app: TestClient;
let otherApp: TestClient;
let resourceServer: TestClient;

beforeAll(async () => {
  brand = await createTestBrand();
  session = await createSession(brand.brandId);
  app = await createTestClient({ name: "Introspected app" });
  otherApp = await createTestClient({ name: "Another app" });
  resourceServer = await createTestClient({ name: "Reporting service" });
  await updateClientSettings(resourceServer.clientId, { resourceServer: true });
});

async function tokensFor(c: TestClient, scope = "contacts.read events.write") {
  const params = await authorize(c, session.cookie, { scope });
  const res = await exchangeCode(c, params.get("code")!);
  expect(res.status).toBe(200);
  return json(res);
}

function introspect(caller: TestClient, token: string, extra: Record<string, string> = {}, auth: TokenAuth = "body"): Promise<Response> {
  return tokenRequest(caller, { token, ...extra }, auth, "/oauth2/introspect");
}

async function introspection(caller: TestClient, token: string, extra: Record<string, string> = {}, auth: TokenAuth = "body") {
  const res = await introspect(caller, token, extra, auth);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(res.headers.get("cache-control")).toContain("no-store");
  return json(res);
}

const INACTIVE = { active: false };

describe("client authentication", () => {
  it("is required", async () => {
    const res = await fetch(baseUrl() + "/oauth2/introspect", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: "inkat_anything" }),
    });
    await expectOAuthError(res, 401, "invalid_client");
    expect(res.headers.get("www-authenticate")).toMatch(/^Basic/);
  });

  it("a wrong secret is invalid_client, over HTTP Basic too", async () => {
    const tokens = await tokensFor(app);
    await expectOAuthError(await introspect({ ...app, clientSecret: "inkcs_wrong" }, tokens.access_token), 401, "invalid_client");
    await expectOAuthError(
      await introspect({ ...app, clientSecret: "inkcs_wrong" }, tokens.access_token, {}, "basic"),
      401,
      "invalid_client",
    );
  });

  it("a rejected app can no longer introspect", async () => {
    const doomed = await createTestClient();
    const tokens = await tokensFor(doomed);
    await setClientStatus(doomed.clientId, "rejected");
    await expectOAuthError(await introspect(doomed, tokens.access_token), 401, "invalid_client");
  });

  it("token is required", async () => {
    await expectOAuthError(await tokenRequest(app, {}, "body", "/oauth2/introspect"), 400, "invalid_request");
  });
});

describe("active tokens", () => {
  it("an access token, introspected by its own app (Basic or body)", async () => {
    const tokens = await tokensFor(app);
    for (const auth of ["body", "basic"] as const) {
      const body = await introspection(app, tokens.access_token, {}, auth);
      expect(body).toEqual({
        active: true,
        scope: "contacts.read events.write",
        client_id: app.clientId,
        token_type: "Bearer",
        iat: expect.any(Number),
        sub: session.userId,
        iss: expectedIssuer(),
        brand_id: brand.brandId,
      });
      expect(Math.abs(body.iat - Date.now() / 1000)).toBeLessThan(300);
      expect(body).not.toHaveProperty("exp"); // tokens do not expire
    }
  });

  it("a refresh token, introspected by its own app, carries the granted scope even after a narrowing refresh", async () => {
    const tokens = await tokensFor(app);
    const narrowed = await json(
      await tokenRequest(app, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, scope: "contacts.read" }),
    );
    expect(await introspection(app, narrowed.access_token)).toMatchObject({ active: true, scope: "contacts.read", token_type: "Bearer" });
    const refresh = await introspection(app, narrowed.refresh_token, { token_type_hint: "refresh_token" });
    expect(refresh).toMatchObject({ active: true, scope: "contacts.read events.write", client_id: app.clientId, brand_id: brand.brandId });
    expect(refresh).not.toHaveProperty("token_type");
  });

  it("a wrong token_type_hint does not matter", async () => {
    const tokens = await tokensFor(app);
    expect(await introspection(app, tokens.access_token, { token_type_hint: "refresh_token" })).toMatchObject({
      active: true,
      token_type: "Bearer",
    });
    expect(await introspection(app, tokens.refresh_token, { token_type_hint: "access_token" })).toMatchObject({ active: true });
  });

  it("a resource server registered by the operator sees any app's access token", async () => {
    const tokens = await tokensFor(app, "contacts.read");
    expect(await introspection(resourceServer, tokens.access_token)).toMatchObject({
      active: true,
      scope: "contacts.read",
      client_id: app.clientId,
      brand_id: brand.brandId,
    });
  });

  it("introspection is not use: a refresh token stays usable after being introspected", async () => {
    const tokens = await tokensFor(app);
    await introspection(app, tokens.refresh_token);
    expect((await tokenRequest(app, { grant_type: "refresh_token", refresh_token: tokens.refresh_token })).status).toBe(200);
  });
});

describe("inactive tokens: the same {active: false}, whatever the reason", () => {
  it("an unknown token, and a malformed one", async () => {
    expect(await introspection(app, "inkat_doesnotexist")).toEqual(INACTIVE);
    expect(await introspection(app, "inkrt_doesnotexist")).toEqual(INACTIVE);
    expect(await introspection(app, "x".repeat(500))).toEqual(INACTIVE);
  });

  it("a revoked access token, and its refresh token", async () => {
    const tokens = await tokensFor(app);
    expect((await tokenRequest(app, { token: tokens.access_token }, "body", "/oauth2/revoke")).status).toBe(200);
    expect(await introspection(app, tokens.access_token)).toEqual(INACTIVE);
    expect(await introspection(app, tokens.refresh_token)).toEqual(INACTIVE);
    expect(await introspection(resourceServer, tokens.access_token)).toEqual(INACTIVE);
  });

  it("the pair a refresh rotated away", async () => {
    const first = await tokensFor(app);
    const second = await json(await tokenRequest(app, { grant_type: "refresh_token", refresh_token: first.refresh_token }));
    expect(await introspection(app, first.access_token)).toEqual(INACTIVE);
    expect(await introspection(app, first.refresh_token)).toEqual(INACTIVE);
    // Looking at the rotated refresh token is not reusing it: the new pair still works.
    expect(await introspection(app, second.access_token)).toMatchObject({ active: true });
    expect((await api("/api/me", { bearer: second.access_token })).status).toBe(200);
  });

  it("tokens of an app the operator rejected", async () => {
    const doomed = await createTestClient();
    const tokens = await tokensFor(doomed);
    await setClientStatus(doomed.clientId, "rejected");
    expect(await introspection(resourceServer, tokens.access_token)).toEqual(INACTIVE);
  });

  it("another app's access token, for an app that is not a resource server", async () => {
    const tokens = await tokensFor(app);
    expect(await introspection(otherApp, tokens.access_token)).toEqual(INACTIVE);
    expect(await introspection(app, tokens.access_token)).toMatchObject({ active: true }); // it is live
  });

  it("another app's refresh token, even for a resource server", async () => {
    const tokens = await tokensFor(app);
    expect(await introspection(otherApp, tokens.refresh_token)).toEqual(INACTIVE);
    expect(await introspection(resourceServer, tokens.refresh_token)).toEqual(INACTIVE);
    expect(await introspection(app, tokens.refresh_token)).toMatchObject({ active: true });
  });

  it("a resource server the operator no longer lets introspect", async () => {
    const service = await createTestClient({ name: "Retired service" });
    await updateClientSettings(service.clientId, { resourceServer: true });
    const tokens = await tokensFor(app);
    expect(await introspection(service, tokens.access_token)).toMatchObject({ active: true });
    await updateClientSettings(service.clientId, { resourceServer: false });
    expect(await introspection(service, tokens.access_token)).toEqual(INACTIVE);
  });
});
