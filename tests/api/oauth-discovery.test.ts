// Discovery (RFC 8414, RFC 9728), the issuer under spoofed Host and forwarding headers, and anti-framing
// headers on every page of the authorization flow. The test server runs without APP_URL, so its issuer is
// the default http://localhost:<PORT> whatever name a request uses (tests of a configured APP_URL:
// e2e/oauth-strict-client.spec.ts, whose server has one).
import { beforeAll, describe, expect, it } from "vitest";
import { SCOPES } from "@/lib/http/scopes";
import { baseUrl, createSession, createTestBrand, json, type TestBrand } from "./helpers";
import {
  accessTokenFor,
  authorizePath,
  consentFields,
  createTestClient,
  expectedIssuer,
  get,
  postDecision,
  rawRequest,
  type TestClient,
} from "./oauth-helpers";

let brand: TestBrand;
let session: { cookie: string };
let client: TestClient;

beforeAll(async () => {
  brand = await createTestBrand();
  session = await createSession(brand.brandId);
  client = await createTestClient();
});

const port = () => new URL(baseUrl()).port;

/** Requests as they would arrive through a misconfigured proxy, or straight from an attacker. */
const SPOOFS: [string, Record<string, string>][] = [
  ["X-Forwarded-Host and -Proto", { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" }],
  ["X-Forwarded-Host with a port", { "X-Forwarded-Host": "evil.example:8443", "X-Forwarded-Port": "8443" }],
  ["Forwarded (RFC 7239)", { Forwarded: "host=evil.example;proto=https" }],
  ["a foreign Host", { Host: "evil.example" }],
  ["Host 127.0.0.1", { Host: `127.0.0.1:${port()}` }],
  ["Host localhost", { Host: `localhost:${port()}` }],
];

describe("authorization server metadata (RFC 8414)", () => {
  it("describes the server at its well-known URL, from the one scope list", async () => {
    const res = await get("/.well-known/oauth-authorization-server");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const issuer = expectedIssuer();
    expect(await json(res)).toEqual({
      issuer,
      authorization_endpoint: `${issuer}/oauth2/authorize`,
      token_endpoint: `${issuer}/oauth2/token`,
      revocation_endpoint: `${issuer}/oauth2/revoke`,
      introspection_endpoint: `${issuer}/oauth2/introspect`,
      scopes_supported: [...SCOPES],
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      revocation_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      introspection_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${issuer}/docs/api`,
    });
  });

  it("is public: any origin may read it", async () => {
    const res = await fetch(baseUrl() + "/.well-known/oauth-authorization-server", { headers: { Origin: "https://app.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("protected resource metadata (RFC 9728)", () => {
  it("describes the API as <issuer>/api at /.well-known/oauth-protected-resource/api", async () => {
    const res = await get("/.well-known/oauth-protected-resource/api");
    expect(res.status).toBe(200);
    const issuer = expectedIssuer();
    expect(await json(res)).toEqual({
      resource: `${issuer}/api`,
      authorization_servers: [issuer],
      scopes_supported: [...SCOPES],
      bearer_methods_supported: ["header"],
      resource_name: "Inkwell API",
      resource_documentation: `${issuer}/docs/api`,
    });
  });

  it("names that metadata in the Bearer challenge of a 401 from the API (RFC 9728 section 5.1), a spoofed host not taken", async () => {
    const metadata = `${expectedIssuer()}/.well-known/oauth-protected-resource/api`;
    const missing = await rawRequest("/api/me", { headers: { "Service-Version": "2026-03-15", "X-Forwarded-Host": "evil.example" } });
    expect(missing.status).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe(
      `Service-API-Key realm="inkwell", Bearer realm="inkwell", resource_metadata="${metadata}"`,
    );
    const revoked = await rawRequest("/api/me", { headers: { "Service-Version": "2026-03-15", Authorization: "Bearer not-a-token" } });
    expect(revoked.headers["www-authenticate"]).toContain(`resource_metadata="${metadata}", error="invalid_token"`);
    expect((await get(new URL(metadata).pathname)).status).toBe(200);
  });

  it("names it in the challenge of a 403 for a missing scope too (RFC 9728 section 5.2), with the scope needed", async () => {
    const metadata = `${expectedIssuer()}/.well-known/oauth-protected-resource/api`;
    const token = await accessTokenFor(brand.brandId, ["contacts.read"]);
    const res = await rawRequest("/api/email-templates", {
      headers: { "Service-Version": "2026-03-15", Authorization: `Bearer ${token}`, "X-Forwarded-Host": "evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.headers["www-authenticate"]).toBe(
      `Bearer realm="inkwell", resource_metadata="${metadata}", error="insufficient_scope", scope="email-templates.read"`,
    );
  });
});

describe("the issuer comes from configuration, never from request headers", () => {
  it.each(SPOOFS)("metadata with %s names the configured issuer everywhere", async (_, headers) => {
    for (const path of ["/.well-known/oauth-authorization-server", "/.well-known/oauth-protected-resource/api"]) {
      const res = await rawRequest(path, { headers });
      expect(res.status, res.body).toBe(200);
      const urls = Object.values(JSON.parse(res.body))
        .flat()
        .filter((v): v is string => typeof v === "string" && v.includes("://"));
      expect(urls.length).toBeGreaterThan(2);
      for (const url of urls) expect(url.startsWith(expectedIssuer() + "/") || url === expectedIssuer(), url).toBe(true);
    }
  });

  it.each(SPOOFS)("an authorization error redirect with %s carries the configured iss", async (_, headers) => {
    const path = authorizePath({
      response_type: "code",
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      scope: "no.such.scope",
      state: "s1",
    });
    const res = await rawRequest(path, { headers });
    expect(res.status).toBe(307);
    const location = new URL(String(res.headers.location));
    expect(location.searchParams.get("error")).toBe("invalid_scope");
    expect(location.searchParams.get("iss")).toBe(expectedIssuer());
  });

  // The consent POST must also pass the Origin check (lib/http/origin.ts), which never trusts forwarding
  // headers: an Origin that only X-Forwarded-Host names is refused.
  it("Allow with X-Forwarded-Host and -Proto naming the Origin is refused", async () => {
    const page = await get(
      authorizePath({
        response_type: "code",
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        scope: "contacts.read",
        state: "s3",
      }),
      session.cookie,
    );
    const fields = consentFields(await page.text());
    const res = await rawRequest("/oauth2/authorize/decision", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: session.cookie,
        "X-Forwarded-Host": "evil.example",
        "X-Forwarded-Proto": "https",
        Origin: "https://evil.example",
      },
      body: new URLSearchParams({ ...fields, decision: "allow" }).toString(),
    });
    expect(res.status, res.body).toBe(403);
    expect(res.headers.location).toBeUndefined();
  });

  // The Host the request came in on is our origin while APP_URL is unset; the code still goes back
  // with the configured issuer.
  it.each([
    ["Host 127.0.0.1", { Host: `127.0.0.1:${port()}`, Origin: `http://127.0.0.1:${port()}` }],
    ["Host localhost", { Host: `localhost:${port()}`, Origin: `http://localhost:${port()}` }],
  ])("Allow with %s redirects with the configured iss", async (_, headers) => {
    const page = await get(
      authorizePath({
        response_type: "code",
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        scope: "contacts.read",
        state: "s2",
      }),
      session.cookie,
    );
    const fields = consentFields(await page.text());
    const res = await rawRequest("/oauth2/authorize/decision", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: session.cookie, ...headers },
      body: new URLSearchParams({ ...fields, decision: "allow" }).toString(),
    });
    expect(res.status, res.body).toBe(303);
    const location = new URL(String(res.headers.location));
    expect(location.searchParams.get("code")).toMatch(/^inkac_/);
    expect(location.searchParams.get("iss")).toBe(expectedIssuer());
  });
});

describe("no page of the flow can be framed", () => {
  function expectNoFraming(headers: Headers | Record<string, unknown>, what: string) {
    const read = (name: string) => (headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined));
    expect(read("x-frame-options"), what).toBe("DENY");
    expect(read("content-security-policy"), what).toContain("frame-ancestors 'none'");
  }

  const authorizeQuery = () => ({
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope: "contacts.read",
    state: "f1",
  });

  it.each([
    ["sign-in", () => "/login"],
    ["sign-in from an authorization request", () => "/login?callbackUrl=" + encodeURIComponent(authorizePath(authorizeQuery()))],
    ["sign-in after a wrong password", () => "/login?error=CredentialsSignin&code=credentials"],
    ["sign-up", () => "/signup"],
    ["sign-up from an authorization request", () => "/signup?callbackUrl=" + encodeURIComponent(authorizePath(authorizeQuery()))],
    ["the error page of an unknown app", () => authorizePath({ ...authorizeQuery(), client_id: "inkc_000000000000000000000000" })],
    ["the error page of a foreign redirect address", () => authorizePath({ ...authorizeQuery(), redirect_uri: "https://evil.example/cb" })],
    ["a page that does not exist", () => "/oauth2/authorize/nothing-here"],
  ])("%s (signed out)", async (what, path) => {
    const res = await get(path());
    expect(res.status, what).toBeLessThan(500);
    expect(res.headers.get("content-type")).toContain("text/html");
    expectNoFraming(res.headers, what);
  });

  it("the consent page", async () => {
    const res = await get(authorizePath(authorizeQuery()), session.cookie);
    expect(await res.text()).toContain("wants to access your Inkwell account");
    expectNoFraming(res.headers, "consent");
  });

  it("the consent form's error pages (expired or forged form, foreign origin)", async () => {
    const fields = consentFields(await (await get(authorizePath(authorizeQuery()), session.cookie)).text());
    const forged = await postDecision({ ...fields, csrf_token: "1.x", decision: "allow" }, session.cookie);
    expect(forged.status).toBe(403);
    expectNoFraming(forged.headers, "forged form");
    const foreign = await postDecision({ ...fields, decision: "allow" }, session.cookie, "https://evil.example");
    expect(foreign.status).toBe(403);
    expectNoFraming(foreign.headers, "foreign origin");
  });

  it("the dashboard too", async () => {
    for (const path of ["/templates", "/developer-apps", "/settings/connected-apps"]) {
      const res = await get(path, session.cookie);
      expect(res.status, path).toBe(200);
      expectNoFraming(res.headers, path);
    }
  });
});
