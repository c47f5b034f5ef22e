// Validates an authorization request (RFC 6749 section 4.1.1, RFC 7636, RFC 9700). Until the client and
// its redirect URI are known to be genuine, errors are shown to the user and never redirected, so the
// endpoint cannot be used as an open redirector.
import type { Scope } from "@/lib/http/scopes";
import { findApprovedClient, type ClientForAuthorize } from "./clients";
import { issuer } from "./issuer";
import { parseScopeList } from "./scopes";

export type AuthorizeParams = {
  clientId: string;
  redirectUri: string;
  scopes: Scope[];
  state: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: "S256" | null;
};

export type AuthorizeValidation =
  | { kind: "fatal"; title: string; message: string }
  | { kind: "redirect-error"; redirectUri: string; error: string; description: string; state: string | null }
  | { kind: "ok"; client: ClientForAuthorize; params: AuthorizeParams };

const PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "scopes",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;
const PKCE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

export async function validateAuthorizeRequest(query: URLSearchParams): Promise<AuthorizeValidation> {
  const clientId = query.get("client_id");
  const redirectUri = query.get("redirect_uri");
  if (query.getAll("client_id").length > 1 || query.getAll("redirect_uri").length > 1) {
    return { kind: "fatal", title: "Invalid request", message: "The request repeats client_id or redirect_uri." };
  }
  if (!clientId) return { kind: "fatal", title: "Invalid request", message: "The request does not name an app (client_id is missing)." };
  const client = await findApprovedClient(clientId);
  if (!client)
    return {
      kind: "fatal",
      title: "Unknown app",
      message: "The app that sent you here is not registered with Inkwell, or its registration is not active.",
    };
  if (!redirectUri)
    return {
      kind: "fatal",
      title: "Invalid request",
      message: "The request has no redirect_uri, so Inkwell cannot send you back to the app.",
    };
  // Exact string comparison (RFC 9700 section 4.1.3): no prefix, pattern or normalisation.
  if (!client.redirectUris.includes(redirectUri)) {
    return {
      kind: "fatal",
      title: "Invalid redirect address",
      message: `The address ${client.name} asked to send you back to is not one registered for it, so Inkwell will not go there.`,
    };
  }

  const state = query.get("state");
  const fail = (error: string, description: string): AuthorizeValidation => ({
    kind: "redirect-error",
    redirectUri,
    error,
    description,
    state,
  });

  for (const name of PARAMS) {
    if (query.getAll(name).length > 1) return fail("invalid_request", `The parameter ${name} is repeated`);
  }
  const responseType = query.get("response_type");
  if (!responseType) return fail("invalid_request", "response_type is required");
  if (responseType !== "code") return fail("unsupported_response_type", "Only response_type=code is supported");

  const scope = query.get("scope");
  const scopesAlias = query.get("scopes");
  if (scope !== null && scopesAlias !== null && scope !== scopesAlias)
    return fail("invalid_request", "scope and scopes disagree; send one of them");
  const scopeValue = scope ?? scopesAlias;
  if (scopeValue === null) return fail("invalid_scope", "scope is required");
  const parsed = parseScopeList(scopeValue);
  if (!parsed.ok) return fail("invalid_scope", parsed.description);
  const notAllowed = parsed.scopes.filter((s) => !client.scopes.includes(s));
  if (notAllowed.length > 0) return fail("invalid_scope", `The app is not registered for ${notAllowed.join(" ")}`);

  const codeChallenge = query.get("code_challenge");
  const method = query.get("code_challenge_method");
  if (codeChallenge === null && method !== null) return fail("invalid_request", "code_challenge_method without code_challenge");
  // RFC 7636 section 4.4.1: a server that requires PKCE answers a request without it with invalid_request.
  if (codeChallenge === null && client.pkceRequired)
    return fail("invalid_request", "code challenge required: this app must use PKCE (code_challenge_method=S256)");
  if (codeChallenge !== null) {
    // "plain" offers no protection against an attacker who reads the authorization request (RFC 9700 section 2.1.1).
    if ((method ?? "plain") !== "S256") return fail("invalid_request", "code_challenge_method must be S256");
    if (!PKCE_CHALLENGE.test(codeChallenge)) return fail("invalid_request", "code_challenge must be 43-128 characters of [A-Za-z0-9-._~]");
  }
  if (state !== null && state.length > 1000) return fail("invalid_request", "state is longer than 1000 characters");

  return {
    kind: "ok",
    client,
    params: {
      clientId: client.clientId,
      redirectUri,
      scopes: parsed.scopes,
      state,
      codeChallenge,
      codeChallengeMethod: codeChallenge ? "S256" : null,
    },
  };
}

/** The client's redirect URI with the response parameters added to its query (RFC 6749 section 4.1.2). */
export function redirectWith(redirectUri: string, values: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) if (value !== null) url.searchParams.set(name, value);
  // RFC 9207: tells clients which authorization server answered (mix-up attack defence, RFC 9700 section 4.4).
  // The configured issuer, never one derived from the request (lib/oauth/issuer.ts).
  url.searchParams.set("iss", issuer());
  return url.toString();
}

/** Rebuilds the authorization request's query for the sign-in round trip and the consent form. */
export function authorizeQuery(params: AuthorizeParams): URLSearchParams {
  const q = new URLSearchParams({
    response_type: "code",
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    scope: params.scopes.join(" "),
  });
  if (params.state !== null) q.set("state", params.state);
  if (params.codeChallenge) {
    q.set("code_challenge", params.codeChallenge);
    q.set("code_challenge_method", "S256");
  }
  return q;
}
