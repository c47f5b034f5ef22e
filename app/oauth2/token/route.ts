// POST /oauth2/token (RFC 6749 sections 4.1.3 and 6).
import { documented } from "@/lib/http/operation";
import { postOnly } from "@/lib/oauth/errors";
import { CLIENT_AUTHENTICATION, oauthError, TokenRequest, TokenResponseSchema } from "@/lib/oauth/endpoint-schemas";
import { tokenEndpoint } from "@/lib/oauth/token-endpoint";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE } = postOnly();

export const POST = documented(
  {
    summary: "Exchange an authorization code, or refresh (RFC 6749 sections 4.1.3 and 6)",
    tags: ["OAuth 2.0"],
    security: CLIENT_AUTHENTICATION,
    requestBody: { content: { "application/x-www-form-urlencoded": { schema: TokenRequest } } },
    responses: {
      "200": { description: "Tokens (Cache-Control: no-store)", content: { "application/json": { schema: TokenResponseSchema } } },
      "400": oauthError(
        "invalid_request, invalid_grant (unknown, used, expired or foreign code; redirect_uri or PKCE mismatch; reused refresh token), invalid_scope, unsupported_grant_type",
      ),
      "401": oauthError("invalid_client, with WWW-Authenticate: Basic"),
    },
  },
  (request: Request): Promise<Response> => tokenEndpoint(request),
);
