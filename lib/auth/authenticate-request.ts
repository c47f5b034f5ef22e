// Authenticates an API request: brand API key, OAuth bearer token, or the dashboard's session cookie
// (then only from our own origin). lib/api/route.ts gives it to the API pipeline.
import { principalForApiKey } from "@/lib/brands/api-keys";
import { activeBrandId } from "@/lib/brands/memberships";
import type { ApiRequest } from "@/lib/http/api-request";
import { checkSameOrigin } from "@/lib/http/origin";
import type { Principal } from "@/lib/http/principal";
import { ApiProblem } from "@/lib/http/problems";
import { protectedResourceMetadataUrl } from "@/lib/http/resource-metadata";
import { principalForAccessToken } from "@/lib/oauth/bearer";
import { BRAND_COOKIE, readCookie, sessionUserId } from "./session-cookie";

/**
 * The challenges of a 401: an API key, or an OAuth bearer token whose protected-resource metadata
 * (RFC 9728 section 5.1: where a client discovers the authorization server) is named in the challenge.
 */
function unauthorized(detail: string, bearerError?: string): ApiProblem {
  const bearer = `Bearer realm="inkwell", resource_metadata="${protectedResourceMetadataUrl()}"${bearerError ? `, error="${bearerError}"` : ""}`;
  return new ApiProblem("unauthorized", detail, { headers: { "WWW-Authenticate": `Service-API-Key realm="inkwell", ${bearer}` } });
}

export async function authenticateRequest(request: ApiRequest): Promise<Principal> {
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
