// This server's issuer identifier (RFC 8414 `issuer`, RFC 9207 `iss`) and the public origin every OAuth URL is
// built on. It comes from configuration only, never from Host or X-Forwarded-* headers: a strict client
// compares the `iss` of every authorization response with the metadata's issuer, so one server must have one
// issuer whatever name it is reached by, and a spoofed X-Forwarded-Host must not be able to name another.
//
// Reads APP_URL and PORT (the only environment this module reads; they move into the config module with
// issue 19). Without APP_URL the issuer is http://localhost:<PORT>, which is what `npm start` serves locally.

export type IssuerEnv = { APP_URL?: string; PORT?: string };

/** The issuer for an environment; throws a message an operator can act on when APP_URL is not an origin. */
export function issuerFromEnv(env: IssuerEnv): string {
  const configured = env.APP_URL?.trim();
  if (!configured) return `http://localhost:${env.PORT?.trim() || "3000"}`;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(`APP_URL must be an absolute URL such as https://inkwell.example.com (got "${configured}")`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`APP_URL must use https (or http for local use), got "${configured}"`);
  // RFC 8414 section 2: no query or fragment. Inkwell serves from the root, so a path would name URLs that do not exist.
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
    throw new Error(`APP_URL must be the origin Inkwell is served at, without path, query or credentials (got "${configured}")`);
  }
  return url.origin;
}

let cached: string | undefined;

/** The configured issuer of this process (computed once; the environment does not change while it runs). */
export function issuer(): string {
  cached ??= issuerFromEnv({ APP_URL: process.env.APP_URL, PORT: process.env.PORT });
  return cached;
}

/** The start-up line naming the issuer, with a hint when it is only the local default. */
export function issuerNotice(): string {
  const hint = process.env.APP_URL?.trim() ? "" : " (the local default: set APP_URL to the public URL for any public or proxied deployment)";
  return `OAuth issuer: ${issuer()}${hint}`;
}
