// Same-origin checks for cookie-authenticated writes (CSRF defence): the browser's Origin header must
// name this deployment: APP_URL's origin, or the host the browser connected to (a browser sends the
// Host it connects to; a page on another site cannot make it send ours with its own Origin).
import { config } from "@/lib/config";
import type { ApiHeaders } from "./api-request";
import { ApiProblem } from "./problems";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type RequestLike = { method: string; url: string; headers: ApiHeaders };

/** The origins this server is reached at. */
export function ownOrigins(request: RequestLike): string[] {
  const origins = new Set<string>();
  const configured = config().APP_URL;
  if (configured) origins.add(new URL(configured).origin);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) {
    const proto = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "");
    origins.add(`${proto}://${host}`);
  }
  return [...origins];
}

/** CSRF defence for cookie-authenticated writes: the browser's Origin must be our own. */
export function checkSameOrigin(request: RequestLike): void {
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
