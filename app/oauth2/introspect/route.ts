// POST /oauth2/introspect (RFC 7662).
import { documented } from "@/lib/http/operation";
import { postOnly } from "@/lib/oauth/errors";
import { CLIENT_AUTHENTICATION, IntrospectRequest, oauthError } from "@/lib/oauth/endpoint-schemas";
import { IntrospectionResponse } from "@/lib/oauth/introspection";
import { introspectionEndpoint } from "@/lib/oauth/token-endpoint";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE } = postOnly();

export const POST = documented(
  {
    summary: "Introspect a token (RFC 7662)",
    description:
      'Every app may introspect the access and refresh tokens issued to it; an app the operator registered as a resource server may introspect any access token. Any other token, and every unknown, revoked or rotated one, is `{"active": false}`.',
    tags: ["OAuth 2.0"],
    security: CLIENT_AUTHENTICATION,
    requestBody: { content: { "application/x-www-form-urlencoded": { schema: IntrospectRequest } } },
    responses: {
      "200": {
        description: "The token's state (Cache-Control: no-store)",
        content: { "application/json": { schema: IntrospectionResponse } },
      },
      "400": oauthError("invalid_request"),
      "401": oauthError("invalid_client, with WWW-Authenticate: Basic"),
    },
  },
  (request: Request): Promise<Response> => introspectionEndpoint(request),
);
