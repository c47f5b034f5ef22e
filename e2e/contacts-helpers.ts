// Helpers for the contacts specs: a fresh account with an API key for seeding through the API, and the
// page's console errors (a failed request, a broken image or an uncaught exception each count).
import { expect, type Page } from "@playwright/test";

export type Owner = { email: string; password: string; brand: string };

/** Signs up `owner` in `page` and creates an API key; returns the key. */
export async function signUpWithApiKey(page: Page, owner: Owner): Promise<string> {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByLabel("Brand name").fill(owner.brand);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await page.goto("/settings/api-keys");
  await page.getByLabel("Key name").fill("E2E");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Your new API key" });
  const key = await dialog.getByLabel("API key").inputValue();
  await dialog.getByRole("button", { name: "I have saved it" }).click();
  return key;
}

export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}
