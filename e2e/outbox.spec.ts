// One outbox (issue 37): a template test sent from the editor's dialog and a campaign's test both show in the
// Outbox beside the brand's other mail, marked "Test"; "Show: Tests" narrows the list to them, and the old
// /test-emails address leads there. One opened shows its subject with "[Test] " once and the email in a
// sandboxed frame. Empty state, keyboard and axe checked; screenshots at 1440 and 390 px.
import { expect, test, type Page } from "@playwright/test";
import { newOwner, signUp, verifySender } from "./account-helpers";
import { seriousViolations, WCAG21AA } from "./axe-helpers";
import { shootBothWidths, watchConsole } from "./contacts-helpers";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const owner = newOwner("outbox", "Inkpot", run);
let page: Page;
let errors: string[] = [];

const headers = (origin: string) => ({ "Service-Version": "2026-03-15", Origin: origin, "Content-Type": "application/json" });

async function post(origin: string, path: string, data: unknown) {
  const res = await page.request.post(path, { headers: headers(origin), data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.status() === 204 ? null : res.json();
}

// The email's markup is the sender's, not the dashboard's: the frame is left out (see e2e/sending.spec.ts).
const AXE = { tags: WCAG21AA, exclude: '[data-testid="outbox-frame"]', legacyMode: true };

const showButton = (name: string) => page.getByRole("group", { name: "Show" }).getByRole("button", { name, exact: true });
const list = () => page.getByRole("list", { name: "Emails" });

test.beforeAll(async ({ browser }) => {
  // A context of our own: axe (AxeBuilder) refuses pages made by browser.newPage().
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  errors = watchConsole(page);
  await signUp(page, owner);
});

test("no tests yet: /test-emails leads to the Outbox's Tests, which says how to send one", async () => {
  await page.goto("/test-emails");
  await expect(page).toHaveURL(/\/outbox\?show=tests$/);
  await expect(page.getByRole("heading", { name: "Outbox", level: 1 })).toBeVisible();
  await expect(showButton("Tests")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: "No test emails yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open a template" })).toBeVisible();
  // The navigation has one place for mail: the Outbox.
  await expect(page.getByRole("link", { name: "Test emails" })).toHaveCount(0);
  await shootBothWidths(page, "outbox-tests-empty");
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await seriousViolations(page, AXE)).toEqual([]);
});

test("a template test and a campaign test show in the one Outbox, marked Test; one opened says [Test] once", async ({ baseURL }) => {
  // A long walk (two sends, three views at two widths, axe): 48 s of its 60 on CI's loaded machine (2026-12-02).
  test.setTimeout(120_000);
  const template = await post(baseURL!, "/api/email-templates/import", {
    name: "Autumn letter",
    html: "<html><body><h1>Hello [[contact.first_name | there]]</h1><p>Autumn is here.</p></body></html>",
  });
  // A campaign sends from a verified sender of the brand.
  const sender = `news-${run}@inkpot.example`;
  await verifySender(page.request, headers(baseURL!), sender, "Inkpot");
  const campaign = await post(baseURL!, "/api/campaigns", {
    channel: "email",
    type: "regular",
    name: "Harvest sale",
    content: { email: { templateID: template.id, subject: "Harvest sale starts", senderName: "Inkpot", senderEmail: sender } },
  });

  // The template's test, from the editor's dialog, whose link opens the Outbox on its tests.
  await page.goto(`/templates/${template.id}`);
  await page.getByRole("button", { name: "Send test" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test email" });
  await dialog.getByLabel("Send to").fill(`me-${run}@e2e.test`);
  await dialog.getByRole("button", { name: "Send test" }).click();
  await expect(dialog.getByTestId("test-send-result")).toContainText("Kept in the outbox");
  // The campaign's test, as the composer's review step sends it.
  await post(baseURL!, `/api/campaigns/${campaign.id}/test-email`, { recipients: [`boss-${run}@e2e.test`] });
  await dialog.getByRole("link", { name: "Open the outbox" }).click();

  await expect(page).toHaveURL(/\/outbox\?show=tests$/);
  await expect(showButton("Tests")).toHaveAttribute("aria-pressed", "true");
  const templateItem = list().getByRole("button", { name: /\[Test\] Autumn letter/ });
  const campaignItem = list().getByRole("button", { name: /\[Test\] Harvest sale starts/ });
  await expect(templateItem).toContainText(`To me-${run}@e2e.test`);
  await expect(templateItem).toContainText("Test email");
  await expect(campaignItem).toContainText(`To boss-${run}@e2e.test`);
  await expect(campaignItem).toContainText("Campaign test");
  for (const item of [templateItem, campaignItem]) await expect(item.locator(".badge", { hasText: /^Test$/ })).toBeVisible();

  // Opened with the keyboard: the view takes the focus, the subject has "[Test] " once.
  await templateItem.focus();
  await page.keyboard.press("Enter");
  const view = page.getByTestId("outbox-message");
  const title = view.getByRole("heading", { level: 2 });
  await expect(title).toHaveText("[Test] Autumn letter");
  await expect(title).toBeFocused();
  await expect(view).toContainText(`me-${run}@e2e.test`);
  await expect(view.getByRole("link", { name: "Autumn letter" })).toHaveAttribute("href", `/templates/${template.id}`);
  await expect(view).toContainText("Sample data");
  await expect(page.getByTestId("outbox-frame")).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator('[data-testid="outbox-frame"]').getByText("Autumn is here.")).toBeVisible();
  await shootBothWidths(page, "outbox-tests");
  // On a phone the email comes below the list, and still shows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("outbox-frame").scrollIntoViewIfNeeded();
  await expect(page.frameLocator('[data-testid="outbox-frame"]').getByText("Autumn is here.")).toBeVisible();
  await page.screenshot({ path: "artifacts/screenshots/outbox-tests-email-390.png" });
  await page.setViewportSize({ width: 1440, height: 900 });

  await campaignItem.click();
  await expect(title).toHaveText("[Test] Harvest sale starts");
  await expect(view).toContainText("Campaign test");

  // All: the same tests among the rest of the brand's mail; Campaigns & automations: none of them.
  await showButton("All").click();
  await expect(page).toHaveURL(/\/outbox$/);
  await expect(list().getByRole("button", { name: /\[Test\] Autumn letter/ })).toBeVisible();
  await expect(list().getByRole("button", { name: /\[Test\] Harvest sale starts/ })).toBeVisible();
  await showButton("Campaigns & automations").click();
  await expect(page).toHaveURL(/\/outbox\?show=campaigns$/);
  await expect(page.getByRole("heading", { name: "No campaign or automation emails yet" })).toBeVisible();
  await shootBothWidths(page, "outbox-campaigns-empty");
  await page.setViewportSize({ width: 1440, height: 900 });
  await showButton("All").click();
  await expect(list().getByRole("listitem")).toHaveCount(2);
  await shootBothWidths(page, "outbox-all");
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await seriousViolations(page, AXE)).toEqual([]);
  expect(errors).toEqual([]);
});
