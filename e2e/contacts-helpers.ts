// Helpers for the contacts specs: signing in again to a page, screenshots at both widths, and the page's console
// errors (a failed request, a broken image or an uncaught exception each count). Accounts: account-helpers.ts.
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import type { Owner } from "./account-helpers";

/**
 * Chromium's console message when script is refused in a sandboxed email frame (srcdoc, no allow-scripts).
 * Playwright's own tooling runs script there (its locators, axe, and at times on its own once the frame
 * loads: a CI run met one before a test touched the frame): the sandbox holding, never an error of the page.
 */
export const SANDBOX_HELD = /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

/**
 * An email's remote image on a host this machine cannot resolve (the test machines have no DNS beyond
 * themselves; MJML's social icons are on mailjet.com): the email's own content, shown in its frame, not an
 * error of the page. Inkwell itself is served from 127.0.0.1, which never needs resolving.
 */
export const REMOTE_HOST_UNRESOLVED = /^Failed to load resource: net::ERR_NAME_NOT_RESOLVED$/;

/** Console errors and uncaught exceptions of the page (the sandbox of an email frame holding, and its remote images, aside). */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !SANDBOX_HELD.test(m.text()) && !REMOTE_HOST_UNRESOLVED.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** Signs `owner` in and lands on `to`. */
export async function signInTo(page: Page, owner: Pick<Owner, "email" | "password">, to: string) {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(to)}`);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[/?]/g, "\\$&")}$`));
}

/** Full-page screenshots at 1440x900 and 390x844 in artifacts/screenshots/<name>-<width>.png, then back to 1280x800. */
export async function shootBothWidths(page: Page, name: string) {
  const dir = "artifacts/screenshots";
  fs.mkdirSync(dir, { recursive: true });
  // From the top: a full-page shot of a scrolled page draws the sticky header in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300); // the table's virtual rows are measured again after a resize
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
