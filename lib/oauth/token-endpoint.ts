// POST /oauth2/token, POST /oauth2/revoke and POST /oauth2/introspect.
import { authenticateClient, type AuthenticatedClient } from "./client-auth";
import { oauthEndpoint, oauthJson, NO_STORE, OAuthError } from "./errors";
import { readForm } from "./form-body";
import { introspectToken } from "./introspection";
import { exchangeAuthorizationCode, refreshAccessToken, revokeToken } from "./tokens";

export function tokenEndpoint(request: Request): Promise<Response> {
  return oauthEndpoint(async () => {
    const form = await readForm(request);
    const grantType = form.get("grant_type");
    if (!grantType) throw new OAuthError("invalid_request", "grant_type is required");
    if (grantType !== "authorization_code" && grantType !== "refresh_token") {
      throw new OAuthError("unsupported_grant_type", "Supported grant types: authorization_code, refresh_token");
    }
    const client = await authenticateClient(request, form);
    const tokens =
      grantType === "authorization_code" ? await exchangeAuthorizationCode(client, form) : await refreshAccessToken(client, form);
    return oauthJson(tokens);
  });
}

/** The revocation and introspection endpoints: an authenticated client names a token (and may hint at its kind). */
function tokenEndpointFor(run: (client: AuthenticatedClient, token: string, hint: string | null) => Promise<Response>) {
  return (request: Request): Promise<Response> =>
    oauthEndpoint(async () => {
      const form = await readForm(request);
      const client = await authenticateClient(request, form);
      const token = form.get("token");
      if (!token) throw new OAuthError("invalid_request", "token is required");
      return run(client, token, form.get("token_type_hint"));
    });
}

/** RFC 7009. */
export const revocationEndpoint = tokenEndpointFor(async (client, token, hint) => {
  await revokeToken(client, token, hint);
  return new Response(null, { status: 200, headers: NO_STORE });
});

/** RFC 7662: what each client may see is decided in ./introspection. */
export const introspectionEndpoint = tokenEndpointFor(async (client, token, hint) => oauthJson(await introspectToken(client, token, hint)));
