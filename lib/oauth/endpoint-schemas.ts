// The shapes of the OAuth 2.0 endpoints' requests and answers (form bodies, RFC 6749 errors), as their
// routes document them (app/oauth2/*/route.ts, lib/oauth/authorize-operation.ts). The endpoints themselves
// read the forms field by field, as the RFCs define them (lib/oauth/token-endpoint.ts).
import { z } from "zod";
import { SCOPES } from "@/lib/http/scopes";
import { NON_EXPIRING_SECONDS } from "./tokens";

export const ScopeList = z.string().meta({ description: `Space-separated scopes: ${SCOPES.join(", ")}` });

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

export const RevokeRequest = z
  .object({
    token: z.string().meta({ description: "An access or refresh token; either ends the whole authorization" }),
    token_type_hint: z.enum(["access_token", "refresh_token"]).optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
  })
  .meta({ id: "OAuthRevokeRequest" });

export const IntrospectRequest = z
  .object({
    token: z.string().meta({ description: "An access or refresh token" }),
    token_type_hint: z.enum(["access_token", "refresh_token"]).optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
  })
  .meta({ id: "OAuthIntrospectRequest" });

/** An RFC 6749 error answer. */
export const oauthError = (description: string) => ({ description, content: { "application/json": { schema: OAuthErrorSchema } } });
/** Client authentication by HTTP Basic, or by client_id and client_secret in the form (no security scheme). */
export const CLIENT_AUTHENTICATION: Record<string, string[]>[] = [{ oauthClientBasic: [] }, {}];
