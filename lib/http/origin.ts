// This deployment's public origin, and the same-origin check for cookie-authenticated writes (CSRF
// defence): the browser's Origin header must name this deployment. The origin is APP_URL's when it is
// set; otherwise the Host the request came in on (a browser sends the Host it connects to, and a page
// of another site cannot make it send ours with its own Origin). Forwarding headers (X-Forwarded-*)
// are never trusted: anyone can send them.
import { config } from "@/lib/config";
import type { ApiHeaders } from "./api-request";
import { ApiProblem } from "./problems";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type RequestLike = { method: string; url: string; headers: ApiHeaders };

/** The origin this deployment is reached at, for this request. */
export function publicOrigin(request: Pick<RequestLike, "url" | "headers">): string {
  const settings = config();
  if (settings.APP_URL) return settings.appOrigin;
  try {
    const url = new URL(request.url);
    return `${url.protocol}//${request.headers.get("host") ?? url.host}`;
  } catch {
    return settings.appOrigin;
  }
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
  if (origin === "null" || origin !== publicOrigin(request)) {
    throw new ApiProblem("forbidden-origin", `Requests from origin ${origin} may not use the dashboard session`);
  }
}
