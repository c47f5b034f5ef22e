// POST /oauth2/revoke (RFC 7009).
import { documented } from "@/lib/http/operation";
import { postOnly } from "@/lib/oauth/errors";
import { CLIENT_AUTHENTICATION, oauthError, RevokeRequest } from "@/lib/oauth/endpoint-schemas";
import { revocationEndpoint } from "@/lib/oauth/token-endpoint";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE } = postOnly();

export const POST = documented(
  {
    summary: "Revoke a token (RFC 7009); ends the authorization it belongs to at once",
    tags: ["OAuth 2.0"],
    security: CLIENT_AUTHENTICATION,
    requestBody: { content: { "application/x-www-form-urlencoded": { schema: RevokeRequest } } },
    responses: {
      "200": { description: "Revoked, or the token was unknown or another client's (no difference is disclosed)" },
      "400": oauthError("invalid_request"),
      "401": oauthError("invalid_client"),
    },
  },
  (request: Request): Promise<Response> => revocationEndpoint(request),
);
