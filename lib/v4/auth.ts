// v4 accepted OAuth bearer tokens only, and so does the compatibility layer: an API key or a dashboard
// session is refused with a 401 that points to the current API, where those credentials work.
import type { ApiRequest } from "@/lib/http/api-request";
import type { Principal } from "@/lib/http/principal";
import { ApiProblem } from "@/lib/http/problems";
import { CURRENT_VERSION } from "@/lib/http/version";
import { principalForAccessToken } from "@/lib/oauth/bearer";
import { MIGRATION_GUIDE } from "./lifecycle";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function unauthorized(detail: string, error?: string): ApiProblem {
  const challenge = error ? `Bearer realm="inkwell", error="${error}"` : 'Bearer realm="inkwell"';
  return new ApiProblem("unauthorized", detail, { headers: { "WWW-Authenticate": challenge } });
}

/** The bearer token's principal; `successor` names the current endpoint in the refusal. */
export async function authenticateV4(request: ApiRequest, successor: string): Promise<Principal> {
  const match = BEARER.exec(request.headers.get("authorization") ?? "");
  if (!match) {
    throw unauthorized(
      `The v4 API accepts OAuth bearer tokens only (Authorization: Bearer <token>). To use an API key, call the current API: ` +
        `${successor} with 'Authorization: Service-API-Key <key>' and 'Service-Version: ${CURRENT_VERSION}' (see ${MIGRATION_GUIDE})`,
    );
  }
  const principal = await principalForAccessToken(match[1]);
  if (!principal) throw unauthorized("The access token is invalid or has been revoked", "invalid_token");
  return principal;
}
