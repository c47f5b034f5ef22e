// Discovery documents: RFC 8414 authorization server metadata and RFC 9728 protected resource metadata for
// the API. Every URL is built on the configured issuer (./issuer), so a client that discovered the server
// at its issuer gets endpoints, and an `iss` in every authorization response, that match it exactly.
import { z } from "zod";
import { SCOPES } from "@/lib/http/scopes";
import { issuer } from "./issuer";

const CLIENT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"] as const;
const ClientAuthMethods = z.array(z.enum(CLIENT_AUTH_METHODS));

export const AuthorizationServerMetadata = z
  .object({
    issuer: z.string().meta({ description: "APP_URL (default http://localhost:<PORT>); never derived from request headers" }),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    revocation_endpoint: z.string().meta({ description: "RFC 7009" }),
    introspection_endpoint: z.string().meta({ description: "RFC 7662" }),
    scopes_supported: z.array(z.enum(SCOPES)),
    response_types_supported: z.array(z.literal("code")),
    response_modes_supported: z.array(z.literal("query")),
    grant_types_supported: z.array(z.enum(["authorization_code", "refresh_token"])),
    code_challenge_methods_supported: z.array(z.literal("S256")),
    token_endpoint_auth_methods_supported: ClientAuthMethods,
    revocation_endpoint_auth_methods_supported: ClientAuthMethods,
    introspection_endpoint_auth_methods_supported: ClientAuthMethods,
    authorization_response_iss_parameter_supported: z
      .literal(true)
      .meta({ description: "RFC 9207: every authorization response carries `iss`" }),
    service_documentation: z.string(),
  })
  .meta({ id: "OAuthAuthorizationServerMetadata", description: "RFC 8414 authorization server metadata" });
export type AuthorizationServerMetadata = z.infer<typeof AuthorizationServerMetadata>;

export const ProtectedResourceMetadata = z
  .object({
    resource: z.string().meta({ description: "The API's resource identifier: <issuer>/api" }),
    authorization_servers: z.array(z.string()),
    scopes_supported: z.array(z.enum(SCOPES)),
    bearer_methods_supported: z.array(z.literal("header")),
    resource_name: z.string(),
    resource_documentation: z.string(),
  })
  .meta({ id: "OAuthProtectedResourceMetadata", description: "RFC 9728 protected resource metadata" });
export type ProtectedResourceMetadata = z.infer<typeof ProtectedResourceMetadata>;

/** Where RFC 8414 section 3 places the metadata of an issuer without a path. */
export const AUTHORIZATION_SERVER_METADATA_PATH = "/.well-known/oauth-authorization-server";
export { PROTECTED_RESOURCE_METADATA_PATH } from "@/lib/http/resource-metadata";

export function authorizationServerMetadata(): AuthorizationServerMetadata {
  const base = issuer();
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth2/authorize`,
    token_endpoint: `${base}/oauth2/token`,
    revocation_endpoint: `${base}/oauth2/revoke`,
    introspection_endpoint: `${base}/oauth2/introspect`,
    scopes_supported: [...SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    introspection_endpoint_auth_methods_supported: [...CLIENT_AUTH_METHODS],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/docs/api`,
  };
}

export function protectedResourceMetadata(): ProtectedResourceMetadata {
  const base = issuer();
  return {
    resource: `${base}/api`,
    authorization_servers: [base],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "Inkwell API",
    resource_documentation: `${base}/docs/api`,
  };
}

/** Public documents: any origin may read them (browser-based clients discover too); cached for an hour. */
export function metadataResponse(body: AuthorizationServerMetadata | ProtectedResourceMetadata): Response {
  return new Response(JSON.stringify(body), {
    headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" },
  });
}
