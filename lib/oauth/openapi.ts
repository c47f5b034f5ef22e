// OpenAPI paths of the OAuth 2.0 authorization server (outside /api: no version header, RFC 6749 errors).
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { SCOPES } from "@/lib/http/scopes";
import { IntrospectionResponse } from "./introspection";
import {
  AUTHORIZATION_SERVER_METADATA_PATH,
  AuthorizationServerMetadata,
  PROTECTED_RESOURCE_METADATA_PATH,
  ProtectedResourceMetadata,
} from "./metadata";
import { NON_EXPIRING_SECONDS } from "./tokens";

const ScopeList = z.string().meta({ description: `Space-separated scopes: ${SCOPES.join(", ")}` });

export const TokenRequest = z
  .object({
    grant_type: z.enum(["authorization_code", "refresh_token"]),
    code: z
      .string()
      .optional()
      .meta({ description: "authorization_code grant: the code from the redirect (single use, valid 10 minutes)" }),
    redirect_uri: z
      .string()
      .optional()
      .meta({ description: "authorization_code grant: exactly the redirect_uri of the authorization request" }),
    code_verifier: z
      .string()
      .optional()
      .meta({ description: "PKCE verifier; required when the authorization request had a code_challenge, refused when it had none" }),
    refresh_token: z
      .string()
      .optional()
      .meta({ description: "refresh_token grant: the current refresh token (it rotates; a reused one revokes the authorization)" }),
    scope: ScopeList.optional().meta({
      description:
        "refresh_token grant: narrow the new access token's scopes (never widen); the new refresh token keeps the scopes granted (RFC 6749 section 6)",
    }),
    client_id: z.string().optional().meta({ description: "Client authentication in the body (or use HTTP Basic, not both)" }),
    client_secret: z.string().optional(),
  })
  .meta({ id: "OAuthTokenRequest" });

export const TokenResponseSchema = z
  .object({
    access_token: z.string().meta({ description: "Opaque bearer token; valid until revoked" }),
    token_type: z.literal("Bearer"),
    expires_in: z
      .number()
      .int()
      .meta({
        description: `Access tokens do not expire; they end when revoked. Always ${NON_EXPIRING_SECONDS} (ten years in seconds), for clients that require an integer.`,
      }),
    refresh_token: z.string().meta({ description: "Opaque, single use: each refresh returns a new one" }),
    scope: ScopeList,
  })
  .meta({ id: "OAuthTokenResponse" });

export const OAuthErrorSchema = z
  .object({
    error: z.enum(["invalid_request", "invalid_client", "invalid_grant", "unauthorized_client", "unsupported_grant_type", "invalid_scope"]),
    error_description: z.string(),
  })
  .meta({ id: "OAuthError", description: "RFC 6749 section 5.2 error" });

const RevokeRequest = z
  .object({
    token: z.string().meta({ description: "An access or refresh token; either ends the whole authorization" }),
    token_type_hint: z.enum(["access_token", "refresh_token"]).optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
  })
  .meta({ id: "OAuthRevokeRequest" });

const IntrospectRequest = z
  .object({
    token: z.string().meta({ description: "An access or refresh token" }),
    token_type_hint: z.enum(["access_token", "refresh_token"]).optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
  })
  .meta({ id: "OAuthIntrospectRequest" });

const oauthError = (description: string) => ({ description, content: { "application/json": { schema: OAuthErrorSchema } } });
const basicAuth: Record<string, string[]>[] = [{ oauthClientBasic: [] }, {}];

export const oauthPaths: ZodOpenApiPathsObject = {
  [AUTHORIZATION_SERVER_METADATA_PATH]: {
    get: {
      summary: "Authorization server metadata (RFC 8414): issuer, endpoints and capabilities for discovery",
      tags: ["OAuth 2.0"],
      security: [],
      responses: { "200": { description: "The metadata", content: { "application/json": { schema: AuthorizationServerMetadata } } } },
    },
  },
  [PROTECTED_RESOURCE_METADATA_PATH]: {
    get: {
      summary: "Protected resource metadata of the API (RFC 9728): its resource identifier <issuer>/api and authorization server",
      tags: ["OAuth 2.0"],
      security: [],
      responses: { "200": { description: "The metadata", content: { "application/json": { schema: ProtectedResourceMetadata } } } },
    },
  },
  "/oauth2/authorize": {
    get: {
      summary: "Start an authorization (browser): sign-in, consent page, then a redirect with code and state",
      description:
        "An unknown client or a redirect_uri that is not exactly a registered one shows an error page and never redirects. Other errors redirect to the redirect_uri with `error`, `error_description`, `state` and `iss`. `scopes` is accepted as an alias of `scope`.",
      tags: ["OAuth 2.0"],
      security: [],
      requestParams: {
        query: z.object({
          response_type: z.literal("code"),
          client_id: z.string(),
          redirect_uri: z.string().meta({ description: "Required; must equal one registered for the app" }),
          scope: ScopeList.optional(),
          scopes: ScopeList.optional(),
          state: z.string().optional(),
          code_challenge: z.string().optional().meta({ description: "PKCE challenge (BASE64URL(SHA-256(verifier)))" }),
          code_challenge_method: z.literal("S256").optional(),
        }),
      },
      responses: {
        "200": { description: "The consent page, or an error page for an unknown client or redirect URI" },
        "307": { description: "To /login (not signed in), or to the redirect_uri with an error" },
      },
    },
  },
  "/oauth2/token": {
    post: {
      summary: "Exchange an authorization code, or refresh (RFC 6749 sections 4.1.3 and 6)",
      tags: ["OAuth 2.0"],
      security: basicAuth,
      requestBody: { content: { "application/x-www-form-urlencoded": { schema: TokenRequest } } },
      responses: {
        "200": { description: "Tokens (Cache-Control: no-store)", content: { "application/json": { schema: TokenResponseSchema } } },
        "400": oauthError(
          "invalid_request, invalid_grant (unknown, used, expired or foreign code; redirect_uri or PKCE mismatch; reused refresh token), invalid_scope, unsupported_grant_type",
        ),
        "401": oauthError("invalid_client, with WWW-Authenticate: Basic"),
      },
    },
  },
  "/oauth2/revoke": {
    post: {
      summary: "Revoke a token (RFC 7009); ends the authorization it belongs to at once",
      tags: ["OAuth 2.0"],
      security: basicAuth,
      requestBody: { content: { "application/x-www-form-urlencoded": { schema: RevokeRequest } } },
      responses: {
        "200": { description: "Revoked, or the token was unknown or another client's (no difference is disclosed)" },
        "400": oauthError("invalid_request"),
        "401": oauthError("invalid_client"),
      },
    },
  },
  "/oauth2/introspect": {
    post: {
      summary: "Introspect a token (RFC 7662)",
      description:
        'Every app may introspect the access and refresh tokens issued to it; an app the operator registered as a resource server may introspect any access token. Any other token, and every unknown, revoked or rotated one, is `{"active": false}`.',
      tags: ["OAuth 2.0"],
      security: basicAuth,
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
  },
};
