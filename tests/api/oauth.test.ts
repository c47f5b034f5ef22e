// OAuth 2.0 Authorization Code grant over HTTP: every failure the issue lists, and the happy paths.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { hashSecret } from "@/lib/oauth/secrets";
import { revokeConnectedApp, listConnectedApps } from "@/lib/oauth/connected-apps";
import { setClientStatus } from "@/lib/oauth/clients";
import { createBrand } from "@/lib/brands/create-brand";
import { api, baseUrl, createSession, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";
import {
  authorize,
  authorizePath,
  consentFields,
  createTestClient,
  exchangeCode,
  expectOAuthError,
  get,
  pkcePair,
  postDecision,
  tokenRequest,
  type TestClient,
} from "./oauth-helpers";

let brand: TestBrand;
let session: { cookie: string; userId: string };
let client: TestClient;

beforeAll(async () => {
  brand = await createTestBrand();
  session = await createSession(brand.brandId);
  client = await createTestClient();
});

const baseParams = () => ({
  response_type: "code",
  client_id: client.clientId,
  redirect_uri: client.redirectUri,
  scope: "contacts.read",
  state: "xyz",
});

async function tokensFor(c: TestClient = client, options: Parameters<typeof authorize>[2] = {}) {
  const params = await authorize(c, session.cookie, options);
  const res = await exchangeCode(c, params.get("code")!);
  expect(res.status).toBe(200);
  return json(res);
}

describe("authorization request", () => {
  it("an unknown client gets an error page, never a redirect", async () => {
    const res = await get(authorizePath({ ...baseParams(), client_id: "inkc_000000000000000000000000" }), session.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("Unknown app");
  });

  it.each([
    ["a longer path", (u: string) => u.replace("/callback", "/callback/evil")],
    ["another query", (u: string) => u + "&x=1"],
    ["another host", () => "https://evil.example/callback?source=inkwell"],
    ["a different case", (u: string) => u.replace("https://app", "https://APP")],
  ])("a redirect_uri that is not an exact match (%s) gets an error page, never a redirect", async (_, mutate) => {
    const res = await get(authorizePath({ ...baseParams(), redirect_uri: mutate(client.redirectUri) }), session.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("Invalid redirect address");
  });

  it("a missing redirect_uri is an error page", async () => {
    const res = await get(authorizePath({ ...baseParams(), redirect_uri: undefined }), session.cookie);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("no redirect_uri");
  });

  it("a pending (unapproved) client is unknown", async () => {
    const pending = await createTestClient();
    await db.oAuthClient.update({ where: { clientId: pending.clientId }, data: { status: "pending" } });
    const res = await get(
      authorizePath({ ...baseParams(), client_id: pending.clientId, redirect_uri: pending.redirectUri }),
      session.cookie,
    );
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("Unknown app");
  });

  it("a user who is not signed in goes to /login and comes back to the same request", async () => {
    const path = authorizePath(baseParams());
    const res = await get(path);
    expect(res.status).toBe(307);
    const location = new URL(res.headers.get("location")!, baseUrl());
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("callbackUrl")).toBe(path);
  });

  it("an unknown scope is invalid_scope, redirected with state", async () => {
    const res = await get(authorizePath({ ...baseParams(), scope: "contacts.read admin.everything" }), session.cookie);
    expect(res.status).toBe(307);
    const location = new URL(res.headers.get("location")!);
    expect(location.href.startsWith(client.redirectUri + "&")).toBe(true);
    expect(location.searchParams.get("error")).toBe("invalid_scope");
    expect(location.searchParams.get("state")).toBe("xyz");
    expect(location.searchParams.get("iss")).toBeTruthy();
  });

  it("a scope the app is not registered for is invalid_scope", async () => {
    const res = await get(authorizePath({ ...baseParams(), scope: "segments.write" }), session.cookie);
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("invalid_scope");
  });

  it("a missing scope is invalid_scope", async () => {
    const res = await get(authorizePath({ ...baseParams(), scope: undefined }), session.cookie);
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("invalid_scope");
  });

  it("another response_type is unsupported_response_type", async () => {
    const res = await get(authorizePath({ ...baseParams(), response_type: "token" }), session.cookie);
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("unsupported_response_type");
  });

  it("PKCE plain is refused", async () => {
    const res = await get(
      authorizePath({ ...baseParams(), code_challenge: pkcePair().challenge, code_challenge_method: "plain" }),
      session.cookie,
    );
    const location = new URL(res.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("error_description")).toContain("S256");
  });

  it("the consent page names the app, its maker and each scope in plain words, and cannot be framed", async () => {
    const res = await get(authorizePath({ ...baseParams(), scopes: "contacts.read events.write", scope: undefined }), session.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    const html = await res.text();
    expect(html).toContain("Test Shop Sync");
    expect(html).toContain("dev@shopsync.example");
    expect(html).toContain("See your contacts and their activity");
    expect(html).toContain("Send customer events");
    expect(html).not.toContain("Brand to connect"); // one brand: no picker
    expect(consentFields(html)).toMatchObject({ scope: "contacts.read events.write", state: "xyz", brand: brand.brandId });
  });

  it("a user in several brands gets a brand picker, and the token acts for the chosen brand", async () => {
    const second = await createBrand({ name: "Second brand", plan: "standard" });
    const multi = await createSession(brand.brandId);
    await db.membership.create({ data: { id: newId(), userId: multi.userId, brandId: second.id, role: "owner" } });
    const html = await (await get(authorizePath(baseParams()), multi.cookie)).text();
    expect(html).toContain("Brand to connect");
    expect(html).toContain("Second brand");
    const params = await authorize(client, multi.cookie, { brand: second.id, scope: "contacts.read" });
    const tokens = await json(await exchangeCode(client, params.get("code")!));
    const me = await json(await api("/api/me", { bearer: tokens.access_token }));
    expect(me.brand.id).toBe(second.id);
  });
});

describe("consent decision", () => {
  async function fields(cookie = session.cookie) {
    return consentFields(await (await get(authorizePath(baseParams()), cookie)).text());
  }

  it("Deny redirects with access_denied and state", async () => {
    const res = await postDecision({ ...(await fields()), decision: "deny" }, session.cookie);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("xyz");
    expect(location.searchParams.get("code")).toBeNull();
  });

  it("Allow redirects with code and state", async () => {
    const res = await postDecision({ ...(await fields()), decision: "allow" }, session.cookie);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.searchParams.get("code")).toMatch(/^inkac_/);
    expect(location.searchParams.get("state")).toBe("xyz");
    expect(location.searchParams.get("source")).toBe("inkwell"); // the registered query is kept
  });

  it("a form without the CSRF token is refused", async () => {
    const { csrf_token, ...rest } = await fields();
    expect(csrf_token).toBeTruthy();
    const res = await postDecision({ ...rest, decision: "allow" }, session.cookie);
    expect(res.status).toBe(403);
    expect(res.headers.get("location")).toBeNull();
  });

  it("a CSRF token cannot approve a different request (more scopes)", async () => {
    const res = await postDecision({ ...(await fields()), scope: "contacts.read contacts.write", decision: "allow" }, session.cookie);
    expect(res.status).toBe(403);
  });

  it("another user's CSRF token is refused", async () => {
    const other = await createSession(brand.brandId);
    const res = await postDecision({ ...(await fields(other.cookie)), decision: "allow" }, session.cookie);
    expect(res.status).toBe(403);
  });

  it("a post from a foreign origin is refused", async () => {
    const res = await postDecision({ ...(await fields()), decision: "allow" }, session.cookie, "https://evil.example");
    expect(res.status).toBe(403);
    expect(res.headers.get("location")).toBeNull();
  });

  it("a brand the user does not belong to is refused", async () => {
    const other = await createTestBrand();
    const res = await postDecision({ ...(await fields()), brand: other.brandId, decision: "allow" }, session.cookie);
    expect(res.status).toBe(400);
  });

  it("without a session the form sends the user to sign in", async () => {
    const res = await postDecision({ ...(await fields()), decision: "allow" }, "");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/login\?callbackUrl=%2Foauth2%2Fauthorize%3F/);
  });
});

describe("token endpoint", () => {
  it("exchanges a code (client_secret in the body), and the token calls the API for the brand with its scopes", async () => {
    const params = await authorize(client, session.cookie, { scope: "contacts.read events.write" });
    const res = await exchangeCode(client, params.get("code")!);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const tokens = await json(res);
    expect(tokens).toMatchObject({ token_type: "Bearer", scope: "contacts.read events.write", expires_in: 315360000 });
    expect(tokens.access_token).toMatch(/^inkat_/);
    expect(tokens.refresh_token).toMatch(/^inkrt_/);
    const me = await api("/api/me", { bearer: tokens.access_token });
    expect(me.status).toBe(200);
    expect(await json(me)).toMatchObject({
      brand: { id: brand.brandId },
      credential: { kind: "oauth", scopes: ["contacts.read", "events.write"] },
    });
  });

  it("stores only hashes of codes and tokens", async () => {
    const params = await authorize(client, session.cookie);
    const code = params.get("code")!;
    const tokens = await json(await exchangeCode(client, code));
    expect(await db.authorizationCode.count({ where: { codeHash: hashSecret(code) } })).toBe(1);
    expect(
      await db.oAuthToken.count({
        where: { accessTokenHash: hashSecret(tokens.access_token), refreshTokenHash: hashSecret(tokens.refresh_token) },
      }),
    ).toBe(1);
    const client_ = await db.oAuthClient.findUniqueOrThrow({ where: { clientId: client.clientId } });
    expect(client_.secretHash).toBe(hashSecret(client.clientSecret));
  });

  it("accepts HTTP Basic client authentication", async () => {
    const params = await authorize(client, session.cookie);
    const res = await tokenRequest(
      client,
      { grant_type: "authorization_code", code: params.get("code")!, redirect_uri: client.redirectUri },
      "basic",
    );
    expect(res.status).toBe(200);
  });

  it("a wrong secret (body) is invalid_client 401", async () => {
    const params = await authorize(client, session.cookie);
    const res = await exchangeCode({ ...client, clientSecret: "inkcs_wrong" }, params.get("code")!);
    await expectOAuthError(res, 401, "invalid_client");
    expect(res.headers.get("www-authenticate")).toMatch(/^Basic/);
    // the code was not spent by the failed attempt
    expect((await exchangeCode(client, params.get("code")!)).status).toBe(200);
  });

  it("a wrong secret (Basic) is invalid_client 401 with a Basic challenge", async () => {
    const params = await authorize(client, session.cookie);
    const res = await tokenRequest(
      { ...client, clientSecret: "nope" },
      { grant_type: "authorization_code", code: params.get("code")!, redirect_uri: client.redirectUri },
      "basic",
    );
    await expectOAuthError(res, 401, "invalid_client");
    expect(res.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
  });

  it("an unknown client is invalid_client", async () => {
    await expectOAuthError(await exchangeCode({ ...client, clientId: "inkc_unknown" }, "inkac_x"), 401, "invalid_client");
  });

  it("no client authentication is invalid_client", async () => {
    const res = await fetch(baseUrl() + "/oauth2/token", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: "x", redirect_uri: client.redirectUri }),
    });
    await expectOAuthError(res, 401, "invalid_client");
  });

  it("Basic and body secrets together are invalid_request", async () => {
    const res = await tokenRequest(
      client,
      { grant_type: "authorization_code", code: "x", redirect_uri: client.redirectUri, client_secret: client.clientSecret },
      "basic",
    );
    await expectOAuthError(res, 400, "invalid_request");
  });

  it("a rejected client can no longer authenticate, and its tokens stop working", async () => {
    const doomed = await createTestClient();
    const tokens = await tokensFor(doomed);
    await setClientStatus(doomed.clientId, "rejected");
    await expectProblem(await api("/api/me", { bearer: tokens.access_token }), 401, "unauthorized");
    await expectOAuthError(
      await tokenRequest(doomed, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }),
      401,
      "invalid_client",
    );
  });

  it("a replayed code is invalid_grant and revokes the tokens issued from it", async () => {
    const params = await authorize(client, session.cookie);
    const code = params.get("code")!;
    const tokens = await json(await exchangeCode(client, code));
    expect((await api("/api/me", { bearer: tokens.access_token })).status).toBe(200);
    await expectOAuthError(await exchangeCode(client, code), 400, "invalid_grant");
    await expectProblem(await api("/api/me", { bearer: tokens.access_token }), 401, "unauthorized");
    await expectOAuthError(
      await tokenRequest(client, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }),
      400,
      "invalid_grant",
    );
  });

  it("an expired code is invalid_grant", async () => {
    const params = await authorize(client, session.cookie);
    const code = params.get("code")!;
    await db.authorizationCode.update({ where: { codeHash: hashSecret(code) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const body = await expectOAuthError(await exchangeCode(client, code), 400, "invalid_grant");
    expect(body.error_description).toContain("expired");
  });

  it("codes live at most ten minutes", async () => {
    const params = await authorize(client, session.cookie);
    const row = await db.authorizationCode.findUniqueOrThrow({ where: { codeHash: hashSecret(params.get("code")!) } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(10 * 60_000 + 1000);
  });

  it("a code issued to another client is invalid_grant", async () => {
    const other = await createTestClient();
    const params = await authorize(client, session.cookie);
    await expectOAuthError(
      await tokenRequest(other, { grant_type: "authorization_code", code: params.get("code")!, redirect_uri: client.redirectUri }),
      400,
      "invalid_grant",
    );
  });

  it("a different redirect_uri at the token endpoint is invalid_grant", async () => {
    const params = await authorize(client, session.cookie);
    await expectOAuthError(
      await exchangeCode(client, params.get("code")!, { redirect_uri: "http://localhost:8765/cb" }),
      400,
      "invalid_grant",
    );
  });

  it("an unknown code is invalid_grant", async () => {
    await expectOAuthError(await exchangeCode(client, "inkac_doesnotexist"), 400, "invalid_grant");
  });

  it("PKCE: the right verifier works", async () => {
    const { verifier, challenge } = pkcePair();
    const params = await authorize(client, session.cookie, { challenge });
    expect((await exchangeCode(client, params.get("code")!, { code_verifier: verifier })).status).toBe(200);
  });

  it("PKCE: a wrong verifier is invalid_grant", async () => {
    const { challenge } = pkcePair();
    const params = await authorize(client, session.cookie, { challenge });
    const body = await expectOAuthError(
      await exchangeCode(client, params.get("code")!, { code_verifier: pkcePair().verifier }),
      400,
      "invalid_grant",
    );
    expect(body.error_description).toContain("code_verifier");
  });

  it("PKCE: a missing verifier is invalid_grant", async () => {
    const params = await authorize(client, session.cookie, { challenge: pkcePair().challenge });
    await expectOAuthError(await exchangeCode(client, params.get("code")!), 400, "invalid_grant");
  });

  it("PKCE: a verifier without a challenge is refused", async () => {
    const params = await authorize(client, session.cookie);
    const body = await expectOAuthError(
      await exchangeCode(client, params.get("code")!, { code_verifier: pkcePair().verifier }),
      400,
      "invalid_grant",
    );
    expect(body.error_description).toContain("no code_challenge");
  });

  it("an unsupported grant_type is unsupported_grant_type", async () => {
    await expectOAuthError(await tokenRequest(client, { grant_type: "client_credentials" }), 400, "unsupported_grant_type");
  });

  it("a JSON body is invalid_request", async () => {
    const res = await fetch(baseUrl() + "/oauth2/token", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    await expectOAuthError(res, 400, "invalid_request");
  });
});

describe("refresh tokens", () => {
  it("rotate: the new pair works, the old access and refresh tokens do not", async () => {
    const first = await tokensFor();
    const res = await tokenRequest(client, { grant_type: "refresh_token", refresh_token: first.refresh_token }, "basic");
    expect(res.status).toBe(200);
    const second = await json(res);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe(first.scope);
    expect((await api("/api/me", { bearer: second.access_token })).status).toBe(200);
    await expectProblem(await api("/api/me", { bearer: first.access_token }), 401, "unauthorized");
  });

  it("reusing a rotated refresh token revokes the whole chain", async () => {
    const first = await tokensFor();
    const second = await json(await tokenRequest(client, { grant_type: "refresh_token", refresh_token: first.refresh_token }));
    await expectOAuthError(
      await tokenRequest(client, { grant_type: "refresh_token", refresh_token: first.refresh_token }),
      400,
      "invalid_grant",
    );
    await expectProblem(await api("/api/me", { bearer: second.access_token }), 401, "unauthorized");
    await expectOAuthError(
      await tokenRequest(client, { grant_type: "refresh_token", refresh_token: second.refresh_token }),
      400,
      "invalid_grant",
    );
  });

  it("may narrow the scope but not widen it", async () => {
    const first = await tokensFor(client, { scope: "contacts.read events.write" });
    await expectOAuthError(
      await tokenRequest(client, { grant_type: "refresh_token", refresh_token: first.refresh_token, scope: "contacts.write" }),
      400,
      "invalid_scope",
    );
    const narrowed = await json(
      await tokenRequest(client, { grant_type: "refresh_token", refresh_token: first.refresh_token, scope: "contacts.read" }),
    );
    expect(narrowed.scope).toBe("contacts.read");
    expect((await json(await api("/api/me", { bearer: narrowed.access_token }))).credential.scopes).toEqual(["contacts.read"]);
  });

  it("a narrower scope narrows only the new access token: the new refresh token keeps the granted scope (RFC 6749 section 6)", async () => {
    const first = await tokensFor(client, { scope: "contacts.read events.write" });
    const narrowed = await json(
      await tokenRequest(client, { grant_type: "refresh_token", refresh_token: first.refresh_token, scope: "contacts.read" }),
    );
    expect(narrowed.scope).toBe("contacts.read");
    // Asking back the whole grant from the narrowed response's refresh token works...
    const full = await json(
      await tokenRequest(client, {
        grant_type: "refresh_token",
        refresh_token: narrowed.refresh_token,
        scope: "events.write contacts.read",
      }),
    );
    expect(full.scope).toBe("contacts.read events.write");
    expect((await json(await api("/api/me", { bearer: full.access_token }))).credential.scopes).toEqual(["contacts.read", "events.write"]);
    // ...and so does omitting scope after another narrowing, which means "the scope granted".
    const again = await json(
      await tokenRequest(client, { grant_type: "refresh_token", refresh_token: full.refresh_token, scope: "events.write" }),
    );
    expect(again.scope).toBe("events.write");
    const omitted = await json(await tokenRequest(client, { grant_type: "refresh_token", refresh_token: again.refresh_token }));
    expect(omitted.scope).toBe("contacts.read events.write");
    // Never beyond the grant.
    await expectOAuthError(
      await tokenRequest(client, { grant_type: "refresh_token", refresh_token: omitted.refresh_token, scope: "contacts.write" }),
      400,
      "invalid_scope",
    );
  });

  it("another client's refresh token is invalid_grant", async () => {
    const first = await tokensFor();
    const other = await createTestClient();
    await expectOAuthError(
      await tokenRequest(other, { grant_type: "refresh_token", refresh_token: first.refresh_token }),
      400,
      "invalid_grant",
    );
  });
});

describe("revocation", () => {
  const revoke = (c: TestClient, token: string, auth: "body" | "basic" = "body") => tokenRequest(c, { token }, auth, "/oauth2/revoke");

  it("revoking an access token ends it at once", async () => {
    const tokens = await tokensFor();
    expect((await api("/api/me", { bearer: tokens.access_token })).status).toBe(200);
    const res = await revoke(client, tokens.access_token);
    expect(res.status).toBe(200);
    const me = await api("/api/me", { bearer: tokens.access_token });
    await expectProblem(me, 401, "unauthorized");
    expect(me.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("revoking a refresh token ends its access token too", async () => {
    const tokens = await tokensFor();
    expect((await revoke(client, tokens.refresh_token, "basic")).status).toBe(200);
    await expectProblem(await api("/api/me", { bearer: tokens.access_token }), 401, "unauthorized");
    await expectOAuthError(
      await tokenRequest(client, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }),
      400,
      "invalid_grant",
    );
  });

  it("an unknown token is 200 (RFC 7009)", async () => {
    expect((await revoke(client, "inkat_unknown")).status).toBe(200);
  });

  it("another client cannot revoke a token (200, token still valid)", async () => {
    const tokens = await tokensFor();
    const other = await createTestClient();
    expect((await revoke(other, tokens.access_token)).status).toBe(200);
    expect((await api("/api/me", { bearer: tokens.access_token })).status).toBe(200);
  });

  it("needs client authentication", async () => {
    await expectOAuthError(await revoke({ ...client, clientSecret: "wrong" }, "x"), 401, "invalid_client");
  });

  it("the brand's Connected apps revoke ends the app's tokens and lists its last use", async () => {
    const own = await createTestBrand();
    const user = await createSession(own.brandId);
    const app = await createTestClient({ name: "Connected app test" });
    const params = await authorize(app, user.cookie, { scope: "contacts.read" });
    const tokens = await json(await exchangeCode(app, params.get("code")!));
    expect((await api("/api/me", { bearer: tokens.access_token })).status).toBe(200);
    const listed = await listConnectedApps(own.brandId);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: "Connected app test", scopes: ["contacts.read"] });
    // Another brand cannot revoke it.
    expect(await revokeConnectedApp(brand.brandId, listed[0].id)).toBe(0);
    expect(await revokeConnectedApp(own.brandId, listed[0].id)).toBe(1);
    await expectProblem(await api("/api/me", { bearer: tokens.access_token }), 401, "unauthorized");
    expect(await listConnectedApps(own.brandId)).toEqual([]);
  });
});

describe("dashboard pages", () => {
  it.each(["/developer-apps", "/settings/connected-apps", "/operator/oauth-clients"])(
    "%s sends a signed-out user to sign in and back",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(307);
      const location = new URL(res.headers.get("location")!, baseUrl());
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("callbackUrl")).toBe(path);
    },
  );

  it("the operator page is a 404 for users without the operator role, and lists requests for operators", async () => {
    expect((await get("/operator/oauth-clients", session.cookie)).status).toBe(404);
    const operator = await createSession(brand.brandId);
    await db.user.update({ where: { id: operator.userId }, data: { isOperator: true } });
    const pending = await createTestClient({ name: "Awaiting Review App" });
    await db.oAuthClient.update({ where: { clientId: pending.clientId }, data: { status: "pending" } });
    const res = await get("/operator/oauth-clients", operator.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Awaiting Review App");
  });

  it("Developer apps lists only the signed-in user's own apps", async () => {
    const html = await (await get("/developer-apps", session.cookie)).text();
    expect(html).toContain("No apps yet");
    expect(html).not.toContain("Awaiting Review App");
  });
});
