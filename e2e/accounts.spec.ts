// Accounts end to end: sign-up, sign-out, sign-in (and its errors), the sign-in redirect back to the
// page asked for, brand switching, and the API key lifecycle checked against the real API.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

test.describe.configure({ mode: "serial" });

const SHOTS = "artifacts/screenshots";
const run = Date.now().toString(36);
const user = { email: `owner-${run}@example.com`, password: "ink-well-Secret-42", brand: `Acme Paper ${run}` };
const VERSION = { "Service-Version": "2026-03-15" };

async function shoot(page: Page, name: string, fullPage = true) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

async function atWidths(page: Page, name: string) {
  await shoot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("sign up shows field errors and keeps the values, then creates the account and brand", async ({ page }) => {
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Create your Inkwell account" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();

  const password = page.getByLabel("Password");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#field-password-error")).toHaveText(/Use at least 10 characters/);
  await expect(password).toHaveAttribute("aria-describedby", /field-password-error/);
  await expect(page.locator("#field-brandName-error")).toHaveText(/Name your brand/);
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await atWidths(page, "signup-errors");

  await password.fill(user.password);
  await page.getByLabel("Brand name").fill(user.brand);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Templates" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await atWidths(page, "dashboard");

  // The same email cannot sign up twice; the message sits on the email field.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/signup");
  await page.getByLabel("Email").fill(user.email.toUpperCase());
  await page.getByLabel("Password").fill(user.password);
  await page.getByLabel("Brand name").fill("Another brand");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("#field-email-error")).toHaveText(/already exists/);
});

test("sign in: a wrong password gets the generic error; an unknown email gets the same", async ({ page }) => {
  await page.goto("/login");
  await shoot(page, "login-1280");
  await signIn(page, user.email, "not-the-password-1");
  await expect(page.locator(".alert[role=alert]")).toHaveText("Email or password is incorrect");
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await signIn(page, `nobody-${run}@example.com`, "not-the-password-1");
  await expect(page.locator(".alert[role=alert]")).toHaveText("Email or password is incorrect");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "login-error-390");
});

test("repeated failures for one email are throttled with their own message", async ({ page }) => {
  const target = `throttle-${run}@example.com`;
  await page.goto("/login");
  const alert = page.locator(".alert[role=alert]");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signIn(page, target, `wrong-password-${attempt}`);
    await expect(alert).toHaveText("Email or password is incorrect");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  }
  await signIn(page, target, "wrong-password-6");
  await expect(alert).toHaveText("Too many failed attempts. Wait a minute and try again.");
});

test("a signed-out visit to a dashboard page goes to /login and back after signing in", async ({ page }) => {
  await page.goto("/settings/api-keys");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fsettings%2Fapi-keys$/);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
});

test("a callbackUrl to another site is ignored", async ({ page }) => {
  await page.goto("/login?callbackUrl=" + encodeURIComponent("//evil.example/steal"));
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/templates$/);
});

test("API key lifecycle: create, use, revoke", async ({ page, context, request }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/login?callbackUrl=" + encodeURIComponent("/settings/api-keys"));
  await signIn(page, user.email, user.password);
  await expect(page.getByText("No API keys yet")).toBeVisible();

  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.locator("#field-name-error")).toHaveText(/Name the key/);
  await expect(page.getByLabel("Key name")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Key name").fill("Checkout service");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Your new API key" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("This is the only time Inkwell shows it")).toBeVisible();
  const key = await dialog.getByLabel("API key").inputValue();
  expect(key).toMatch(/^ink_/);
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await atWidths(page, "api-keys-new-key");
  await dialog.getByRole("button", { name: "I have saved it" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row", { name: /Checkout service/ });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText("never");
  await expect(row).toContainText("Active");

  const me = await request.get("/api/me", { headers: { ...VERSION, Authorization: `Service-API-Key ${key}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).brand.name).toBe(user.brand);

  // Escape closes the confirmation and focus goes back to the button that opened it.
  const revokeButton = row.getByRole("button", { name: "Revoke Checkout service" });
  await revokeButton.click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke this API key?" });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(revokeButton).toBeFocused();

  await revokeButton.click();
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

  const after = await request.get("/api/me", { headers: { ...VERSION, Authorization: `Service-API-Key ${key}` } });
  expect(after.status()).toBe(401);
  expect(after.headers()["content-type"]).toContain("application/problem+json");
});

test("when the session ends, an API call sends the person to sign in and back", async ({ page, context }) => {
  await page.goto("/login?callbackUrl=" + encodeURIComponent("/settings/api-keys"));
  await signIn(page, user.email, user.password);
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await context.clearCookies();
  await page.getByLabel("Key name").fill("After sign-out");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fsettings%2Fapi-keys$/);
});

test("a member of two brands switches between them", async ({ page }) => {
  // Give the user a second brand (there is no invitation flow yet), through the app's Prisma client.
  const out = execFileSync(
    "node_modules/.bin/tsx",
    ["e2e/fixtures/join-second-brand.ts", "--email", user.email, "--name", `Second brand ${run}`],
    {
      env: { ...process.env, DATABASE_URL: e2eDatabaseUrl() },
      encoding: "utf8",
    },
  );
  const { firstBrandId: firstBrand, brandId } = JSON.parse(out.trim().split("\n").at(-1)!) as { firstBrandId: string; brandId: string };

  await page.goto("/login?callbackUrl=" + encodeURIComponent("/settings/api-keys"));
  await signIn(page, user.email, user.password);
  const switcher = page.getByLabel("Brand");
  await expect(switcher).toHaveValue(firstBrand);
  await expect(page.getByRole("row", { name: /Checkout service/ })).toBeVisible();

  await switcher.selectOption({ label: `Second brand ${run}` });
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await shoot(page, "brand-switcher-1280", false);
  await expect(switcher).toHaveValue(brandId);

  await switcher.selectOption({ label: user.brand });
  await expect(page.getByRole("row", { name: /Checkout service/ })).toBeVisible();
});

test("the mobile menu opens, closes on Escape and navigates", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/login");
  await signIn(page, user.email, user.password);
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await menu.click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await shoot(page, "dashboard-menu-390");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("link", { name: /API keys/ })).toBeVisible();
});

test("the API reference and problem pages are public", async ({ page }) => {
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "Inkwell API", level: 1 })).toBeVisible();
  await shoot(page, "docs-api-1280", false);
  // The overview indexes every section; an operation is on its section's page.
  await page.getByRole("link", { name: "POST /api/api-keys" }).click();
  await expect(page).toHaveURL(/\/docs\/api\/account#op-post-api-api-keys$/);
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await expect(page.locator("#op-post-api-api-keys")).toContainText("Create an API key");
  await expect(page.locator("#op-get-api-me")).toContainText("Service-Version");
  await shoot(page, "docs-api-operation-1280", false);
  // A schema named in a type links to its own page.
  const listKeys = page.locator("#op-get-api-api-keys");
  await listKeys.locator("summary").first().click();
  await listKeys.getByRole("link", { name: "ApiKey[]" }).click();
  await expect(page).toHaveURL(/\/docs\/api\/schemas\/apikey$/);
  await expect(page.getByRole("heading", { name: "ApiKey", level: 1 })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "docs-api-schema-390", false);
  await page.setViewportSize({ width: 1280, height: 800 });
  // A link to the one-page reference's anchors still lands on what it named.
  await page.goto("/docs/api#op-post-api-api-keys");
  await expect(page).toHaveURL(/\/docs\/api\/account#op-post-api-api-keys$/);
  await page.goto("/docs/api#schema-problem");
  await expect(page.getByRole("heading", { name: "Problem", level: 1 })).toBeVisible();
  expect((await page.goto("/docs/api/no-such-section"))?.status()).toBe(404);
  expect((await page.goto("/docs/api/schemas/no-such-schema"))?.status()).toBe(404);
  await page.goto("/docs/problems/validation-failed");
  await expect(page.getByRole("heading", { name: "Validation failed" })).toBeVisible();
  await expect(page.getByText("400", { exact: true })).toBeVisible();
  const missing = await page.goto("/docs/problems/no-such-problem");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

function e2eDatabaseUrl(): string {
  return process.env.E2E_DATABASE_URL ?? `file:${path.join(process.env.E2E_DATA_DIR!, "inkwell.db")}`;
}
