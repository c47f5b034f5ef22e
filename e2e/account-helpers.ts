// Accounts for the dashboard specs: sign up (a user and a brand), an API key made in Settings, and
// sign in again to a page.
import { expect, type Page } from "@playwright/test";

export type Owner = { email: string; password: string; brand: string };

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
