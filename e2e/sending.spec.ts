// Sending in the dashboard without a mail server (the embedded default): every page says nothing is
// delivered; Settings → Sending adds a domain (its DNS records, copyable), a sender address (its
// confirmation email lands in the Outbox, where its link confirms it), tracking switches and the
// suppression list; the Outbox lists, searches and shows emails. Keyboard and axe checked; screenshots.
import { expect, test } from "@playwright/test";
import { newOwner, signUp } from "./account-helpers";
import { seriousViolations, WCAG21AA } from "./axe-helpers";
import { shootBothWidths, watchConsole } from "./contacts-helpers";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const owner = newOwner("sender", "Letterpress", run);

const AXE = { tags: WCAG21AA };
// The Outbox shows the email in a sandboxed frame: the email's markup is the sender's, not the
// dashboard's, and axe's frame pass opens a blank tab that Chromium refuses here ("Failed to open a new
// tab"); the page around it is checked in one pass.
const AXE_WITHOUT_EMAIL_FRAME = { ...AXE, exclude: '[data-testid="outbox-frame"]', legacyMode: true };

test("Settings → Sending: a domain with its records, an address with its confirmation link, tracking, suppressions", async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, owner);
  await expect(page.getByTestId("no-delivery-notice")).toContainText("Nothing is delivered");

  await page.goto("/settings");
  await page.getByRole("link", { name: /^Sending The domains/ }).click();
  await expect(page.getByRole("heading", { name: "Sending", level: 1 })).toBeVisible();

  // A domain: added with the keyboard, its three records shown, copyable.
  await page.getByLabel("Domain", { exact: true }).fill(`letterpress-${run}.test`);
  await page.getByLabel("Domain", { exact: true }).press("Enter");
  const domain = page.getByRole("list", { name: `DNS records of letterpress-${run}.test` });
  await expect(domain.getByRole("listitem")).toHaveCount(3);
  await expect(domain).toContainText(`._domainkey.letterpress-${run}.test`);
  await expect(domain.getByRole("button", { name: "Copy value" })).toHaveCount(3);
  await expect(page.getByText("Not verified yet")).toBeVisible();

  // An address elsewhere: a confirmation link goes out.
  await page.getByLabel("Sender name", { exact: true }).fill("Letterpress news");
  await page.getByLabel("Email address", { exact: true }).fill(`news-${run}@elsewhere.test`);
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "confirmation link is on its way" })).toBeVisible();
  await expect(page.getByText("Waiting for the confirmation link")).toBeVisible();

  // Tracking off and on again, saved at once.
  await page.getByLabel(/Track opens/).uncheck();
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.getByLabel(/Track opens/).check();

  // A suppression added, then lifted.
  await page.getByLabel("Address to suppress", { exact: true }).fill(`gone-${run}@elsewhere.test`);
  await page.getByRole("button", { name: "Suppress" }).click();
  const suppressed = page.getByRole("list", { name: "Suppressed addresses" });
  await expect(suppressed).toContainText(`gone-${run}@elsewhere.test`);
  await shootBothWidths(page, "sending-settings");
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await suppressed.getByRole("button", { name: `Lift the suppression of gone-${run}@elsewhere.test` }).click();
  await expect(page.getByText("No suppressed addresses")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the Outbox lists and shows the emails; the confirmation link read there confirms the address", async ({ browser }) => {
  // A context of our own (as e2e/editor-marketer.spec.ts): axe (AxeBuilder) refuses pages made otherwise.
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto("/login?callbackUrl=%2Foutbox");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Outbox", level: 1 })).toBeVisible();
  await expect(page.getByText("nothing is delivered").first()).toBeVisible();

  await page.getByLabel("Recipient or subject", { exact: true }).fill(`news-${run}`);
  await page.getByLabel("Recipient or subject", { exact: true }).press("Enter");
  const item = page.getByRole("list", { name: "Emails" }).getByRole("button").first();
  // The confirmation's subject carries no brand or address text (a fixed sentence, since 50157af).
  await expect(item).toContainText("Confirm your email address as a sender");
  await expect(item).toContainText(`To news-${run}@elsewhere.test`);
  await expect(item).toContainText("In the outbox");
  const view = page.getByTestId("outbox-message");
  await expect(view).toContainText(`news-${run}@elsewhere.test`);
  expect(errors).toEqual([]);
  const frame = page.frameLocator('[data-testid="outbox-frame"]');
  const link = await frame.getByRole("link", { name: "Confirm this address" }).getAttribute("href");
  await shootBothWidths(page, "outbox");
  expect(await seriousViolations(page, AXE_WITHOUT_EMAIL_FRAME)).toEqual([]);

  // The owner of the address opens the link and confirms.
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  await tab.goto(link!);
  await tab.getByRole("button", { name: "Confirm this address" }).click();
  await expect(tab.getByRole("heading", { name: "Address confirmed" })).toBeVisible();
  await visitor.close();

  await page.goto("/settings/sending");
  await expect(page.getByRole("list", { name: "Sender addresses" })).toContainText("Verified");
  expect(errors).toEqual([]);
  await context.close();
});
