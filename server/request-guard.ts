// Requests Next.js would answer with a bare 500 or an HTML page: refused here as problems instead,
// so no request under /api, however malformed, gets a 500 or HTML.
import type { IncomingMessage } from "node:http";
import { randomUUID } from "node:crypto";
import { ApiProblem, problemResponse } from "@/lib/http/problems";
import { lifecycleHeaders } from "@/lib/v4/lifecycle";

const API_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A problem response for a request that must not reach Next, or null to let it through. */
export function guardRequest(req: IncomingMessage): Response | null {
  const path = (req.url ?? "/").split("?")[0];
  const origin = `http://${req.headers.host ?? "localhost"}`;
  try {
    decodeURIComponent(path);
  } catch {
    return problemResponse(new ApiProblem("bad-request", "The request path has malformed percent-encoding"), randomUUID(), origin);
  }
  const v4 = path.startsWith("/v4/");
  if ((path.startsWith("/api/") || v4) && !API_METHODS.has(req.method ?? "")) {
    const headers = { Allow: "GET, POST, PUT, PATCH, DELETE", ...(v4 ? lifecycleHeaders("/api") : {}) };
    return problemResponse(new ApiProblem("method-not-allowed", `${req.method} is not supported by the API`, { headers }), randomUUID(), origin);
  }
  return null;
}

/** The last-resort answer when Next itself fails on a request. */
export function internalErrorResponse(req: IncomingMessage): Response {
  const origin = `http://${req.headers.host ?? "localhost"}`;
  return problemResponse(new ApiProblem("internal", "An unexpected error occurred"), randomUUID(), origin);
}
