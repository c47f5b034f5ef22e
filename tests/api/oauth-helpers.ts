// Drives the OAuth flow over HTTP as a browser and a client app would.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { expect } from "vitest";
import { createApprovedClient } from "@/lib/oauth/clients";
import { baseUrl, json } from "./helpers";

export type TestClient = { clientId: string; clientSecret: string; redirectUri: string };

export async function createTestClient(options: { scopes?: string[]; name?: string } = {}): Promise<TestClient> {
  const redirectUri = `https://app-${randomBytes(3).toString("hex")}.example/callback?source=inkwell`;
  const { clientId, clientSecret } = await createApprovedClient({
    name: options.name ?? "Test Shop Sync",
    redirectUris: [redirectUri, "http://localhost:8765/cb"],
    scopes: (options.scopes ?? ["contacts.read", "contacts.write", "events.write"]) as never,
    contactEmail: "dev@shopsync.example",
  });
  return { clientId, clientSecret, redirectUri };
}

export function authorizePath(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  return `/oauth2/authorize?${q.toString()}`;
}

export function get(path: string, cookie?: string): Promise<Response> {
  return fetch(baseUrl() + path, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&lt;": "<", "&gt;": ">" };
const unescape = (s: string) => s.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (m) => ENTITIES[m]);

/** The hidden fields of the consent form on an authorize page. */
export function consentFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]] = unescape(m[2]);
  return fields;
}

export function postDecision(fields: Record<string, string>, cookie: string, origin: string | null = baseUrl()): Promise<Response> {
  return fetch(baseUrl() + "/oauth2/authorize/decision", {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...(origin ? { Origin: origin } : {}) },
    body: new URLSearchParams(fields),
  });
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** Signs the consent with Allow and returns the redirect's query parameters. */
export async function authorize(
  client: TestClient,
  cookie: string,
  options: { scope?: string; state?: string; challenge?: string; brand?: string } = {},
): Promise<URLSearchParams> {
  const page = await get(
    authorizePath({
      response_type: "code",
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      scope: options.scope ?? "contacts.read events.write",
      state: options.state ?? "st-" + randomBytes(4).toString("hex"),
      code_challenge: options.challenge,
      code_challenge_method: options.challenge ? "S256" : undefined,
    }),
    cookie,
  );
  expect(page.status).toBe(200);
  const fields = consentFields(await page.text());
  if (options.brand) fields.brand = options.brand;
  const res = await postDecision({ ...fields, decision: "allow" }, cookie);
  expect(res.status, await res.clone().text()).toBe(303);
  const location = new URL(res.headers.get("location")!);
  expect(location.origin + location.pathname).toBe(new URL(client.redirectUri).origin + new URL(client.redirectUri).pathname);
  return location.searchParams;
}

export type TokenAuth = "body" | "basic";

export function tokenRequest(
  client: TestClient,
  params: Record<string, string>,
  auth: TokenAuth = "body",
  path = "/oauth2/token",
): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  const body = new URLSearchParams(params);
  if (auth === "basic") {
    headers.Authorization =
      "Basic " + Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString("base64");
  } else {
    body.set("client_id", client.clientId);
    body.set("client_secret", client.clientSecret);
  }
  return fetch(baseUrl() + path, { method: "POST", headers, body, redirect: "manual" });
}

export async function exchangeCode(client: TestClient, code: string, extra: Record<string, string> = {}): Promise<Response> {
  return tokenRequest(client, { grant_type: "authorization_code", code, redirect_uri: client.redirectUri, ...extra });
}

export async function expectOAuthError(res: Response, status: number, error: string): Promise<any> {
  const body = await json(res);
  expect({ status: res.status, error: body.error }, JSON.stringify(body)).toEqual({ status, error });
  expect(typeof body.error_description).toBe("string");
  expect(res.headers.get("cache-control")).toContain("no-store");
  return body;
}

/** A real access token for a brand, granted `scopes` through the whole consent flow. */
export async function accessTokenFor(brandId: string, scopes: string[]): Promise<string> {
  const { createSession } = await import("./helpers");
  const client = await createTestClient({ scopes });
  const session = await createSession(brandId);
  const params = await authorize(client, session.cookie, { scope: scopes.join(" ") });
  const res = await exchangeCode(client, params.get("code")!);
  expect(res.status).toBe(200);
  return (await res.json()).access_token;
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** An HTTP request with headers fetch would not send as given (Host), for spoofing tests. */
export function rawRequest(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(baseUrl() + path, { method: options.method ?? "GET", headers: options.headers ?? {} }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The issuer the test server must announce: it runs without APP_URL, so the default on its PORT. */
export function expectedIssuer(): string {
  return `http://localhost:${new URL(baseUrl()).port}`;
}
