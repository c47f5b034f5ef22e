// Helpers for the OAuth specs: the operator command line and fixtures against the e2e server's database,
// a fresh account, and an app callback that Chromium reaches without anything listening there.
import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { runWithDatabase as tsx } from "./fixture-helpers";

export const SCREENSHOTS = "artifacts/screenshots";
export const CALLBACK = "http://localhost:9/oauth-callback";

/** `npm run admin -- <args>`: its JSON answer. */
export function admin(...args: string[]): Record<string, string> {
  return tsx("scripts/admin.ts", args);
}

/** Gives the user the operator role (there is no command for it; the seeded demo user has it). */
export function makeOperator(email: string): void {
  tsx("e2e/fixtures/make-operator.ts", ["--email", email]);
}

/** Records `count` v4 calls of the brand, the last at `at`, as the v4 layer's usage counter does. */
export function recordV4Calls(brandID: string, count: number, at: Date): void {
  tsx("e2e/fixtures/record-v4-calls.ts", ["--brand", brandID, "--count", String(count), "--at", at.toISOString()]);
}

export function newAccount() {
  const { brandID } = admin("create-brand", "--name", `E2E brand ${randomBytes(2).toString("hex")}`);
  const email = `e2e-${randomBytes(4).toString("hex")}@example.com`;
  const password = "E2e-password-" + randomBytes(4).toString("hex");
  admin("create-user", "--email", email, "--password", password, "--brand", brandID);
  return { brandID, email, password };
}

/** The app's callback: Chromium is sent there with the code; nothing listens, so the test answers. */
export async function captureCallback(context: BrowserContext, callback = CALLBACK): Promise<void> {
  await context.route(`${callback}**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>App callback</h1>" }));
}

export async function signInViaApi(page: Page, email: string, password: string) {
  const { csrfToken } = await (await page.request.get("/auth/csrf")).json();
  await page.request.post("/auth/callback/credentials", { form: { csrfToken, email, password, callbackUrl: "/" } });
}
