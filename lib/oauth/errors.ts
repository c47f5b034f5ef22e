// RFC 6749 section 5.2 errors of the token and revocation endpoints, as JSON with no-store caching.

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "unsupported_token_type";

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** set when the client tried HTTP Basic, so the 401 challenges the same scheme */
    readonly basicAttempted = false,
  ) {
    super(`${error}: ${description}`);
  }
}

export const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" } as const;

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...NO_STORE, ...headers } });
}

export function oauthErrorResponse(error: OAuthError): Response {
  const body = { error: error.error, error_description: error.description };
  if (error.error === "invalid_client") {
    // The contract answers every failed client authentication with 401, which HTTP requires to carry a challenge.
    return oauthJson(body, 401, { "WWW-Authenticate": 'Basic realm="inkwell", charset="UTF-8"' });
  }
  return oauthJson(body, 400);
}

/** Runs an endpoint body, turning OAuthErrors into their JSON answers. */
export async function oauthEndpoint(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorResponse(error);
    console.error("oauth endpoint failed", error);
    return oauthJson({ error: "server_error", error_description: "Internal error" }, 500);
  }
}

/** Any other method of a POST-only endpoint: 405 with Allow, as an RFC 6749 error (not Next's empty 405). */
export function postOnly(): { GET: () => Response; PUT: () => Response; PATCH: () => Response; DELETE: () => Response } {
  const refuse = () => oauthJson({ error: "invalid_request", error_description: "This endpoint takes POST only" }, 405, { Allow: "POST" });
  return { GET: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse };
}
