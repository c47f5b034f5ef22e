// Authenticates a request: brand API key, OAuth bearer token, or the dashboard's session cookie.
import { principalForApiKey } from "@/lib/brands/api-keys";
import { activeBrandId } from "@/lib/brands/memberships";
import { BRAND_COOKIE, readCookie, sessionUserId } from "@/lib/auth/session-cookie";
import { principalForAccessToken } from "@/lib/oauth/bearer";
import type { Principal } from "./principal";
import { ApiProblem } from "./problems";

const CHALLENGE = 'Service-API-Key realm="inkwell", Bearer realm="inkwell"';

function unauthorized(detail: string, bearerError?: string): ApiProblem {
  const challenge = bearerError ? `Service-API-Key realm="inkwell", Bearer realm="inkwell", error="${bearerError}"` : CHALLENGE;
  return new ApiProblem("unauthorized", detail, { headers: { "WWW-Authenticate": challenge } });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin this server is reached at, for the cookie-authenticated Origin check. */
export function ownOrigins(request: Request): string[] {
  const origins = new Set<string>();
  for (const configured of [process.env.APP_URL, process.env.AUTH_URL]) {
    if (configured) origins.add(new URL(configured).origin);
  }
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) {
    const proto = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "");
    origins.add(`${proto}://${host}`);
  }
  return [...origins];
}

/** CSRF defence for cookie-authenticated writes: the browser's Origin must be our own. */
export function checkSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  if (origin === null) {
    // Browsers send Origin on every cross-site write; a same-site fetch without it is still marked.
    if (request.headers.get("sec-fetch-site") === "same-origin") return;
    throw new ApiProblem("forbidden-origin", "A cookie-authenticated write must come from the Inkwell dashboard (no Origin header)");
  }
  if (origin === "null" || !ownOrigins(request).includes(origin)) {
    throw new ApiProblem("forbidden-origin", `Requests from origin ${origin} may not use the dashboard session`);
  }
}

export async function authenticate(request: Request): Promise<Principal> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const match = /^(\S+)\s+(\S+)\s*$/.exec(authorization);
    if (!match) throw unauthorized("Malformed Authorization header; use 'Service-API-Key <key>' or 'Bearer <token>'");
    const [, scheme, value] = match;
    if (scheme.toLowerCase() === "service-api-key") {
      const principal = await principalForApiKey(value);
      if (!principal) throw unauthorized("The API key is invalid or has been revoked");
      return principal;
    }
    if (scheme.toLowerCase() === "bearer") {
      const principal = await principalForAccessToken(value);
      if (!principal) throw unauthorized("The access token is invalid or has been revoked", "invalid_token");
      return principal;
    }
    throw unauthorized(`Unsupported Authorization scheme "${scheme.slice(0, 30)}"; use 'Service-API-Key <key>' or 'Bearer <token>'`);
  }
  const cookies = request.headers.get("cookie");
  const userId = await sessionUserId(cookies);
  if (userId) {
    checkSameOrigin(request);
    const brandId = await activeBrandId(userId, readCookie(cookies, BRAND_COOKIE));
    if (!brandId) throw new ApiProblem("forbidden", "Your account does not belong to any brand");
    return { kind: "session", brandId, scopes: "all", credentialId: `user:${userId}`, userId };
  }
  throw unauthorized("Credentials are required: send 'Authorization: Service-API-Key <key>' or 'Authorization: Bearer <token>'");
}
