// What the header tests ask a server (production: security-headers.test.ts; development:
// dev-server.test.ts): one request of each kind of response, and the headers it came back with.
export const SECURITY_HEADERS = ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"] as const;

export type Probe = { name: string; path: string; method?: string; page?: boolean };

/** One of each: API answers (problems, HEAD, OPTIONS, v4), Next's routes, pages, a 404 page, a static file. */
export const PROBES: Probe[] = [
  { name: "API problem (no version header)", path: "/api/me" },
  { name: "API 404 problem", path: "/api/no-such-endpoint" },
  { name: "API undecodable path", path: "/api/%E0%A4%A" },
  { name: "API document", path: "/api/openapi.json" },
  { name: "API HEAD", path: "/api/openapi.json", method: "HEAD" },
  { name: "API OPTIONS", path: "/api/segments", method: "OPTIONS" },
  { name: "v4 405", path: "/v4/track" },
  { name: "health", path: "/healthz" },
  { name: "OAuth metadata", path: "/.well-known/oauth-authorization-server" },
  { name: "OAuth token endpoint, GET (405)", path: "/oauth2/token" },
  { name: "email web version (its own sandbox policy)", path: "/email/view/not-a-token" },
  { name: "sign-in page", path: "/login", page: true },
  { name: "404 page", path: "/no-such-page", page: true },
];

export type Answer = { status: number; headers: Headers; body: string };

export async function ask(baseUrl: string, probe: Probe): Promise<Answer> {
  const res = await fetch(baseUrl + probe.path, { method: probe.method ?? "GET", redirect: "manual" });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** A static file a page loads (its first script). */
export function firstScriptPath(html: string): string {
  const src = /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error("the page loads no script");
  return src;
}

/** The nonce of a page's policy, or null. */
export function nonceOf(policy: string | null): string | null {
  return /'nonce-([^']+)'/.exec(policy ?? "")?.[1] ?? null;
}

/**
 * The security headers as both modes must send them: the nonce (one per request) left out, and the one
 * source React needs in development only ('unsafe-eval', server/security-headers.ts) removed.
 */
export function comparable(headers: Headers): Record<string, string | null> {
  return Object.fromEntries(
    SECURITY_HEADERS.map((name) => [
      name,
      headers
        .get(name)
        ?.replace(/'nonce-[^']+'/, "'nonce-…'")
        .replace(" 'unsafe-eval'", "") ?? null,
    ]),
  );
}

/** Headers of an API answer that say which code wrote it (everything but per-request and transport values). */
export function apiHeaders(headers: Headers): Record<string, string> {
  const varying = new Set(["date", "x-request-id", "connection", "keep-alive", "transfer-encoding", "content-length"]);
  return Object.fromEntries([...headers].filter(([name]) => !varying.has(name)));
}
