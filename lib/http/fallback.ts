// The answer for a request no API route takes: a method the API does not serve (405 with Allow), a
// path that cannot be decoded (400), or an unknown path (404). Used by the catch-all routes of /api and
// /v4, to which Inkwell's server also sends the requests it must not route (server/api-router.ts).
import type { ApiRequest } from "./api-request";
import { ApiProblem } from "./problems";
import type { HandlerResult } from "./responses";
import { withProblems } from "./route";

export const API_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** `notFound` may name the path as {path}. */
export function apiFallback(request: ApiRequest, notFound: string, headers: Record<string, string> = {}): Promise<HandlerResult> {
  return withProblems(request, async () => {
    if (!(API_METHODS as readonly string[]).includes(request.method)) {
      throw new ApiProblem("method-not-allowed", `${request.method.slice(0, 20)} is not supported by the API`, {
        headers: { ...headers, Allow: API_METHODS.join(", ") },
      });
    }
    const path = new URL(request.url).pathname;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      throw new ApiProblem("bad-request", "The request path has malformed percent-encoding", { headers });
    }
    throw new ApiProblem("not-found", notFound.replace("{path}", decoded.slice(0, 300)), { headers });
  });
}
