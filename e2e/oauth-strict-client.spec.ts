// Inkwell as a strict client library sees it: panva's oauth4webapi drives the whole life of an
// authorization from discovery alone (no hand-built server description), with the real sign-in and consent
// in Chromium. The one allowance is plain http, which the test server speaks (allowInsecureRequests).
// The server runs with APP_URL set to its address (playwright.config.ts), so this also proves a configured
// issuer end to end.
import { expect, test } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { admin, CALLBACK, captureCallback, newAccount, SCREENSHOTS } from "./oauth-helpers";

// Each test starts several tsx fixtures (accounts, clients, the operator) one after another: on CI's loaded
// machine that alone takes tens of seconds.
test.describe.configure({ timeout: 120_000 });

const insecure = { [oauth.allowInsecureRequests]: true } as const;
const VERSION = new Headers({ "Service-Version": "2026-03-15" });
const FULL_SCOPE = "contacts.read events.write";

test("oauth4webapi: discovery, authorize in Chromium, token, API call, narrower refresh, full refresh, revoke", async ({
  page,
  context,
  baseURL,
}) => {
  const account = newAccount();
  const { clientID, clientSecret } = admin("create-oauth-client", "--name", "Strict Client", "--redirect-uri", CALLBACK, "--require-pkce");
  await captureCallback(context);

  // Discovery: from the API's resource identifier (RFC 9728) to its authorization server (RFC 8414).
  const resource = new URL("/api", baseURL);
  const rs = await oauth.processResourceDiscoveryResponse(resource, await oauth.resourceDiscoveryRequest(resource, insecure));
  expect(rs.authorization_servers).toHaveLength(1);
  const issuer = new URL(rs.authorization_servers![0]);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
  expect(as.code_challenge_methods_supported).toContain("S256");
  expect(as.authorization_response_iss_parameter_supported).toBe(true);
  const client: oauth.Client = { client_id: clientID };
  const clientAuth = oauth.ClientSecretBasic(clientSecret);

  // Authorize: PKCE and state, the user signs in and allows in the browser.
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const authorizationUrl = new URL(as.authorization_endpoint!);
  authorizationUrl.search = new URLSearchParams({
    response_type: "code",
    client_id: clientID,
    redirect_uri: CALLBACK,
    scope: FULL_SCOPE,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  await page.goto(authorizationUrl.href);
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Strict Client wants to access your Inkwell account" })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/oauth-strict-client-consent.png`, fullPage: true });
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByRole("heading", { name: "App callback" })).toBeVisible();

  // The authorization response: state and iss (RFC 9207) checked by the library.
  const callbackParams = oauth.validateAuthResponse(as, client, new URL(page.url()), state);

  // Token.
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(as, client, clientAuth, callbackParams, CALLBACK, verifier, insecure),
  );
  expect(tokens).toMatchObject({ token_type: "bearer", scope: FULL_SCOPE });
  expect(tokens.refresh_token).toBeTruthy();

  // An API call with the access token.
  const scopesOf = async (accessToken: string) => {
    const res = await oauth.protectedResourceRequest(accessToken, "GET", new URL("/api/me", baseURL), VERSION, null, insecure);
    expect(res.status).toBe(200);
    const me = await res.json();
    expect(me.brand.id).toBe(account.brandID);
    return me.credential.scopes.join(" ");
  };
  expect(await scopesOf(tokens.access_token)).toBe(FULL_SCOPE);

  // Refresh with a narrower scope: only the new access token is narrower (RFC 6749 section 6).
  const narrowed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, {
      additionalParameters: { scope: "contacts.read" },
      ...insecure,
    }),
  );
  expect(narrowed.scope).toBe("contacts.read");
  expect(await scopesOf(narrowed.access_token)).toBe("contacts.read");

  // Refresh with the full scope, from the refresh token the narrowing returned.
  const full = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, clientAuth, narrowed.refresh_token!, {
      additionalParameters: { scope: FULL_SCOPE },
      ...insecure,
    }),
  );
  expect(full.scope).toBe(FULL_SCOPE);
  expect(await scopesOf(full.access_token)).toBe(FULL_SCOPE);

  // Introspection (RFC 7662) of the app's own token.
  const introspect = async (token: string) =>
    oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, clientAuth, token, insecure));
  expect(await introspect(full.access_token)).toMatchObject({ active: true, scope: FULL_SCOPE, client_id: clientID, iss: as.issuer });

  // Revoke (RFC 7009): the refresh token ends the whole authorization, its access token included.
  await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth, full.refresh_token!, insecure));
  const refused = await oauth.protectedResourceRequest(full.access_token, "GET", new URL("/api/me", baseURL), VERSION, null, insecure).then(
    () => null,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
  const challenge = (refused as oauth.WWWAuthenticateChallengeError).cause.find((c) => c.scheme === "bearer");
  expect(challenge?.parameters.error).toBe("invalid_token");
  expect(await introspect(full.access_token)).toEqual({ active: false });
  await expect(
    oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, full.refresh_token!, insecure),
    ),
  ).rejects.toMatchObject({ error: "invalid_grant" });
});
