// The OAuth 2.0 Authorization Code flow in Chromium: sign in from the authorize redirect, consent,
// code, token, API call, revoke, call refused; plus the Developer apps and Connected apps pages
// (confirmation before disconnecting or rotating, the secret shown once, form errors that clear).
import { expect, test, type APIRequestContext } from "@playwright/test";
import { admin, CALLBACK, captureCallback, makeOperator, newAccount, SCREENSHOTS, signInViaApi } from "./oauth-helpers";

// Each test starts several tsx fixtures (accounts, clients, the operator) one after another: on CI's loaded
// machine that alone takes tens of seconds.
test.describe.configure({ timeout: 120_000 });

async function token(request: APIRequestContext, form: Record<string, string>, clientID: string, clientSecret: string) {
  return request.post("/oauth2/token", { form: { ...form, client_id: clientID, client_secret: clientSecret } });
}

function authorizeUrl(clientID: string, state: string, scope = "contacts.read events.write") {
  return `/oauth2/authorize?${new URLSearchParams({ response_type: "code", client_id: clientID, redirect_uri: CALLBACK, scope, state })}`;
}

test("the whole flow: sign in from the authorize redirect, consent, token, API call, revoke", async ({ page, context, request }) => {
  const account = newAccount();
  const { clientID, clientSecret } = admin(
    "create-oauth-client",
    "--name",
    "Shop Sync",
    "--redirect-uri",
    CALLBACK,
    "--contact-email",
    "dev@shopsync.example",
  );
  await captureCallback(context);

  await page.goto(authorizeUrl(clientID, "state-123"));
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page.getByRole("heading", { name: "Shop Sync wants to access your Inkwell account" })).toBeVisible();
  await expect(page.getByText("Made by dev@shopsync.example")).toBeVisible();
  await expect(page.getByText("See your contacts and their activity")).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/oauth-consent.png`, fullPage: true });

  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByRole("heading", { name: "App callback" })).toBeVisible();
  const callback = new URL(page.url());
  expect(callback.searchParams.get("state")).toBe("state-123");
  const code = callback.searchParams.get("code")!;
  expect(code).toMatch(/^inkac_/);

  const tokenRes = await token(request, { grant_type: "authorization_code", code, redirect_uri: CALLBACK }, clientID, clientSecret);
  expect(tokenRes.status()).toBe(200);
  const tokens = await tokenRes.json();
  expect(tokens).toMatchObject({ token_type: "Bearer", scope: "contacts.read events.write" });

  const headers = { Authorization: `Bearer ${tokens.access_token}`, "Service-Version": "2026-03-15" };
  const me = await request.get("/api/me", { headers });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ brand: { id: account.brandID }, credential: { kind: "oauth" } });

  const revoke = await request.post("/oauth2/revoke", {
    form: { token: tokens.access_token, client_id: clientID, client_secret: clientSecret },
  });
  expect(revoke.status()).toBe(200);
  expect((await request.get("/api/me", { headers })).status()).toBe(401);
});

test("Deny sends the user back with access_denied; the consent page is keyboard-operable", async ({ page, context }) => {
  const account = newAccount();
  const { clientID } = admin("create-oauth-client", "--name", "Denied App", "--redirect-uri", CALLBACK);
  await captureCallback(context);
  await signInViaApi(page, account.email, account.password);
  await page.goto(authorizeUrl(clientID, "s-deny"));
  await expect(page.getByRole("heading", { name: "Denied App wants to access your Inkwell account" })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/oauth-consent-signed-in.png`, fullPage: true });
  await page.getByRole("button", { name: "Deny" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "App callback" })).toBeVisible();
  const callback = new URL(page.url());
  expect(callback.searchParams.get("error")).toBe("access_denied");
  expect(callback.searchParams.get("state")).toBe("s-deny");
});

test("an unknown redirect address shows an error page and stays on Inkwell", async ({ page }) => {
  const account = newAccount();
  const { clientID } = admin("create-oauth-client", "--name", "Strict App", "--redirect-uri", CALLBACK);
  await signInViaApi(page, account.email, account.password);
  await page.goto(
    `/oauth2/authorize?${new URLSearchParams({ response_type: "code", client_id: clientID, redirect_uri: "https://evil.example/cb", scope: "contacts.read" })}`,
  );
  await expect(page.getByRole("heading", { name: "Invalid redirect address" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/oauth2/authorize");
  await page.screenshot({ path: `${SCREENSHOTS}/oauth-error.png` });
});

test("Connected apps lists the authorized app; Disconnect asks first, then ends its token", async ({ page, context, request }) => {
  const account = newAccount();
  const { clientID, clientSecret } = admin("create-oauth-client", "--name", "Revocable App", "--redirect-uri", CALLBACK);
  await captureCallback(context);
  await signInViaApi(page, account.email, account.password);
  await page.goto(authorizeUrl(clientID, "s1", "contacts.read"));
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByRole("heading", { name: "App callback" })).toBeVisible();
  const code = new URL(page.url()).searchParams.get("code")!;
  const tokens = await (
    await token(request, { grant_type: "authorization_code", code, redirect_uri: CALLBACK }, clientID, clientSecret)
  ).json();
  const headers = { Authorization: `Bearer ${tokens.access_token}`, "Service-Version": "2026-03-15" };
  expect((await request.get("/api/me", { headers })).status()).toBe(200);

  await page.goto("/settings/connected-apps");
  await expect(page.getByRole("heading", { name: "Connected apps" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Revocable App/ })).toBeVisible();
  await expect(page.getByText("See your contacts and their activity")).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/oauth-connected-apps.png`, fullPage: true });
  await page.getByRole("button", { name: "Disconnect Revocable App" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Disconnect Revocable App?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await request.get("/api/me", { headers })).status()).toBe(200); // Cancel changed nothing
  await page.getByRole("button", { name: "Disconnect Revocable App" }).click();
  await dialog.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByRole("heading", { name: "No apps are connected to this brand" })).toBeVisible();
  expect((await request.get("/api/me", { headers })).status()).toBe(401);
});

test("Developer apps: request credentials, operator approval, secret shown once", async ({ page }) => {
  const account = newAccount();
  await signInViaApi(page, account.email, account.password);
  await page.goto("/developer-apps");
  await expect(page.getByRole("heading", { name: "No apps yet" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Developer apps", level: 1 })).toBeVisible();

  await page.getByLabel("App name").fill("My Integration");
  await page.getByLabel(/Redirect URIs/).fill("http://example.com/cb");
  await page.getByRole("button", { name: "Request credentials" }).click();
  // Every error is listed at the top and beside its field; an error goes away once its field is edited.
  const summary = page.getByRole("alert").filter({ hasText: "Please correct" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: /Redirect URIs: .*must use https/i })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Scopes: Choose at least one scope" })).toBeVisible();
  await expect(page.getByLabel(/Redirect URIs/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Choose at least one scope")).toHaveCount(2);
  await page.screenshot({ path: `${SCREENSHOTS}/oauth-developer-apps-errors.png`, fullPage: true });

  await page.getByLabel(/Redirect URIs/).fill("https://integration.example/cb");
  await expect(summary.getByRole("link", { name: /Redirect URIs/ })).toHaveCount(0);
  await expect(page.getByLabel(/Redirect URIs/)).not.toHaveAttribute("aria-invalid", "true");
  await page.getByLabel(/Create and update your contacts/).check();
  await expect(summary).toBeHidden();
  await page.getByRole("button", { name: "Request credentials" }).click();
  await expect(page.getByRole("status").filter({ hasText: "was sent" })).toBeVisible();
  await expect(page.getByRole("row", { name: /My Integration/ }).getByText("Waiting for review")).toBeVisible();

  const row = page.getByRole("row", { name: /My Integration/ });
  const clientID = (await row.innerText()).match(/inkc_[0-9a-f]+/)![0];
  await expect(row.getByRole("button", { name: /secret/ })).toHaveCount(0);

  expect(admin("approve-oauth-client", "--client", clientID)).toEqual({ clientID, status: "approved" });
  await page.reload();
  await page.getByRole("button", { name: "Get client secret for My Integration" }).click();
  const shown = page.getByRole("dialog", { name: "Client secret for My Integration" });
  const secret = shown.getByRole("textbox", { name: "Client secret" });
  await expect(secret).toHaveValue(/^inkcs_/);
  await page.screenshot({ path: `${SCREENSHOTS}/oauth-developer-apps-secret.png` });
  const first = await secret.inputValue();
  await shown.getByRole("button", { name: "I have saved it" }).click();
  await expect(shown).toBeHidden();

  await page.reload();
  await expect(page.getByRole("textbox", { name: "Client secret" })).toHaveCount(0); // shown once
  await page.getByRole("button", { name: "Rotate secret for My Integration" }).click();
  await page
    .getByRole("alertdialog", { name: "Rotate the secret of My Integration?" })
    .getByRole("button", { name: "Rotate secret" })
    .click();
  await expect(secret).toHaveValue(/^inkcs_/);
  expect(await secret.inputValue()).not.toBe(first);
});

test("the operator requires PKCE of an app on the OAuth app requests page, and the app must then use it", async ({ page }) => {
  const account = newAccount();
  makeOperator(account.email);
  const name = `PKCE App ${Date.now().toString(36)}`;
  const { clientID } = admin("create-oauth-client", "--name", name, "--redirect-uri", CALLBACK);
  await signInViaApi(page, account.email, account.password);

  await page.goto("/operator/oauth-clients");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByRole("cell", { name: /^Optional/ })).toBeVisible();
  await expect(row.getByRole("cell", { name: /^Its own tokens/ })).toBeVisible();
  await row.getByRole("button", { name: `Require PKCE for ${name}` }).click();
  await expect(row.getByRole("button", { name: `Make PKCE optional for ${name}` })).toBeVisible();
  await expect(row.getByRole("cell", { name: /^Required/ })).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/oauth-operator-settings.png`, fullPage: true });

  // Without a code_challenge the app is sent back with invalid_request (RFC 7636 section 4.4.1).
  const res = await page.request.get(authorizeUrl(clientID, "s-pkce", "contacts.read"), { maxRedirects: 0 });
  expect(res.status()).toBe(307);
  const callback = new URL(res.headers().location);
  expect(callback.origin + callback.pathname).toBe(CALLBACK);
  expect(callback.searchParams.get("error")).toBe("invalid_request");
  expect(callback.searchParams.get("error_description")).toContain("code challenge required");
  expect(callback.searchParams.get("state")).toBe("s-pkce");
});
