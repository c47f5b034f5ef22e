// Accounts for the dashboard specs: a fresh owner of this run, sign up (a user and a brand), an API key made in
// Settings, the headers that call the API with it, and a verified sender address for the brand's campaigns.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { admin } from "./oauth-helpers";

export type Owner = { email: string; password: string; brand: string };

/** The password every spec's owner signs up with. */
export const PASSWORD = "ink-well-Secret-42";

/** An owner no earlier run has used: `<tag>-<run>@example.com` of the brand `<brand> <run>`. */
export function newOwner(tag: string, brand: string, run: string): Owner {
  return { email: `${tag}-${run}@example.com`, password: PASSWORD, brand: `${brand} ${run}` };
}

/** Signs up through the form; the new account lands on Templates. */
export async function signUp(page: Page, owner: Owner) {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByLabel("Brand name").fill(owner.brand);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/templates$/);
}

/** Creates an API key in Settings and returns it (shown once). */
export async function createApiKey(page: Page, name = "E2E"): Promise<string> {
  await page.goto("/settings/api-keys");
  await page.getByLabel("Key name").fill(name);
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Your new API key" });
  const key = await dialog.getByLabel("API key").inputValue();
  await dialog.getByRole("button", { name: "I have saved it" }).click();
  return key;
}

/** Signs up `owner` in `page` and creates an API key; returns the key. */
export async function signUpWithApiKey(page: Page, owner: Owner): Promise<string> {
  await signUp(page, owner);
  return createApiKey(page);
}

/** The published API's headers with the brand's API key. */
export function apiKeyHeaders(apiKey: string) {
  return { "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${apiKey}` };
}

/**
 * The brand that `headers` call the API as, with `email` made its verified sender (the operator command line:
 * no confirmation email is read here); campaigns send from a verified sender.
 */
export async function verifySender(request: APIRequestContext, headers: Record<string, string>, email: string, name: string) {
  const res = await request.get("/api/brand", { headers });
  expect(res.status(), await res.text()).toBe(200);
  const brand = await res.json();
  admin("verify-sender", "--brand", brand.id, "--email", email, "--name", name);
  return brand as { id: string };
}
