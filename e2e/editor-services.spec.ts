// Pre-send checks, test send and HTML import, as a marketer uses them: a check pointing at a "#" link
// selects its block; a test send rendered as a chosen contact lands in the outbox (no mail server in
// the e2e deployment) and shows in a sandboxed frame; an imported two-column newsletter is kept as it is
// (one HTML code block, the import's default) or, on request, becomes sections with editable text and
// images, and the import says what it did.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { blocks, canvas, expectSaved, shoot, signUp } from "./editor-helpers";

test.describe.configure({ mode: "serial" });

let page: Page;
const id = () => randomBytes(12).toString("hex");
const HEADERS = (origin: string) => ({ "Service-Version": "2026-03-15", Origin: origin, "Content-Type": "application/json" });

async function createTemplate(origin: string, name: string, blockList: Record<string, unknown>[]): Promise<string> {
  const res = await page.request.post("/api/email-templates", {
    headers: HEADERS(origin),
    data: { name, sections: [{ id: id(), rows: [{ id: id(), columns: [{ id: id(), blocks: blockList }] }] }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signUp(page, "services");
});

test.afterAll(async () => {
  await page.close();
});

test("a pre-send check points at a # link and selects its block", async ({ baseURL }) => {
  const buttonId = id();
  const templateId = await createTemplate(baseURL!, "Checks", [
    { id: id(), type: "text", text: "<p>Our spring sale starts today.</p>" },
    { id: buttonId, type: "button", button: { text: "Shop the sale", link: "#" } },
    { id: id(), type: "text", text: '<p><a href="[[message.unsubscribe_url]]">Unsubscribe</a></p>' },
  ]);
  await page.goto(`/templates/${templateId}`);
  const checks = page.getByTestId("checks-panel");
  await checks.getByRole("button", { name: "Check email" }).click();
  await expect(checks.getByRole("status")).toHaveText("1 thing to look at.");
  const item = checks.getByRole("button", { name: /The link of the button “Shop the sale” is “#”, which leads nowhere\./ });
  await expect(item).toBeVisible();
  await shoot(page, "checks");
  await item.click();
  const button = canvas(page).locator(`[data-node-id="${buttonId}"]`);
  await expect(button).toHaveAttribute("data-selected", "");
  await expect(button).toBeFocused();

  // fixed in the property panel, the check is gone on the next run
  await page.getByLabel("Link", { exact: true }).fill("https://acme.test/sale");
  await expectSaved(page);
  await checks.getByRole("button", { name: "Check again" }).click();
  await expect(checks.getByRole("status")).toHaveText("No problems found.");
});

test("a test send rendered as a chosen contact lands in the outbox", async ({ baseURL }) => {
  const contact = await page.request.post("/api/contacts", {
    headers: HEADERS(baseURL!),
    data: { identifiers: [{ type: "email", id: "maya@e2e.test" }], firstName: "Maya" },
  });
  expect([200, 201]).toContain(contact.status());
  const templateId = await createTemplate(baseURL!, "Welcome Maya", [
    { id: id(), type: "text", text: "<p>Hi [[contact.first_name | there]], welcome aboard.</p>" },
    { id: id(), type: "text", text: '<p><a href="[[message.unsubscribe_url]]">Unsubscribe</a></p>' },
  ]);
  await page.goto(`/templates/${templateId}`);
  await page.getByRole("button", { name: "Send test" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test email" });
  await dialog.getByLabel("Send to").fill("me@e2e.test, boss@e2e.test");
  await dialog.getByLabel("Show the details of").fill("maya@e2e.test");
  await shoot(page, "send-test");
  await dialog.getByRole("button", { name: "Send test" }).click();
  await expect(dialog.getByTestId("test-send-result")).toContainText("Kept in the outbox");
  await expect(dialog.getByTestId("test-send-result")).toContainText("maya@e2e.test");
  await dialog.getByRole("link", { name: "Open the outbox" }).click();

  // The Outbox, on its tests: one email per address, each marked Test.
  await expect(page).toHaveURL(/\/outbox\?show=tests$/);
  await expect(page.getByRole("heading", { name: "Outbox", level: 1 })).toBeVisible();
  const items = page.getByRole("list", { name: "Emails" }).getByRole("button");
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: "To me@e2e.test" })).toContainText("[Test] Welcome Maya");
  await expect(items.filter({ hasText: "To boss@e2e.test" })).toContainText("Test");
  const email = page.getByTestId("outbox-message");
  await expect(email.getByRole("heading", { level: 2 })).toHaveText("[Test] Welcome Maya");
  await expect(email).toContainText("maya@e2e.test");
  const frame = page.getByTestId("outbox-frame");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator('[data-testid="outbox-frame"]').getByText("Hi Maya, welcome aboard.")).toBeVisible();
  await shoot(page, "outbox");
});

test("the import keeps the HTML as it is unless asked for blocks: one HTML code block, merge tags named", async () => {
  await page.goto("/templates");
  await page.getByRole("button", { name: "Import HTML" }).click();
  const dialog = page.getByRole("dialog", { name: "Import HTML" });
  await dialog.getByLabel("HTML file").setInputFiles(path.join(import.meta.dirname, "fixtures/two-column-newsletter.html"));
  await dialog.getByLabel("Name").fill("Kept as it is");
  // a labelled radio group; keeping the HTML is the default, as in the API
  const choice = dialog.getByRole("group", { name: "What should Inkwell make of it?" });
  const keep = choice.getByRole("radio", { name: "Keep my HTML as it is" });
  const convert = choice.getByRole("radio", { name: "Turn it into editable blocks" });
  await expect(keep).toBeChecked();
  await expect(convert).not.toBeChecked();
  await expect(keep).toHaveAccessibleDescription(/exactly as written/);
  // the arrow keys move between the choices
  await keep.focus();
  await page.keyboard.press("ArrowDown");
  await expect(convert).toBeChecked();
  await page.keyboard.press("ArrowUp");
  await expect(keep).toBeChecked();
  await shoot(page, "import-choice");
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  const summary = dialog.getByTestId("import-summary");
  await expect(summary).toContainText("Imported “Kept as it is”: your HTML as it was, in one HTML code block.");
  await expect(summary).toContainText("The styles of its head are kept with it.");
  await expect(summary).toContainText("Merge tags of other tools, left as written:");
  await expect(summary).toContainText("*|UNSUB|* (Unsubscribe link)");
  await expect(summary).toContainText("Not recognised, left as text: %MEMBER_CODE%");
  await shoot(page, "import-summary-as-is");
  await dialog.getByRole("button", { name: "Open in editor" }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f]{24}$/);
  // one section, one block: the HTML code, showing the newsletter as written
  await expect(canvas(page).locator(".ed-section:not([data-locked])")).toHaveCount(1);
  await expect(blocks(page)).toHaveCount(1);
  const frame = canvas(page).locator("iframe.ed-b-html");
  await expect(frame).toHaveCount(1);
  await expect(page.frameLocator("iframe.ed-b-html").getByText("Picnic season")).toBeVisible();
  await expect(page.frameLocator("iframe.ed-b-html").getByText("*|FNAME|*", { exact: false })).toBeVisible();
  await shoot(page, "imported-as-is");
});

test("an imported two-column newsletter becomes sections with editable text and images", async () => {
  await page.goto("/templates");
  await page.getByRole("button", { name: "Import HTML" }).click();
  const dialog = page.getByRole("dialog", { name: "Import HTML" });
  await dialog.getByLabel("HTML file").setInputFiles(path.join(import.meta.dirname, "fixtures/two-column-newsletter.html"));
  await dialog.getByRole("radio", { name: "Turn it into editable blocks" }).check();
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  const summary = dialog.getByTestId("import-summary");
  await expect(summary).toContainText("5 sections with 11 blocks you can edit");
  await expect(summary).toContainText("hidden text (often an inbox preview line)");
  await expect(summary).toContainText("*|UNSUB|* → Unsubscribe link");
  await expect(summary).toContainText("Not recognised, left as text: %MEMBER_CODE%");
  await shoot(page, "import-summary");
  await dialog.getByRole("button", { name: "Open in editor" }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f]{24}$/);

  await expect(canvas(page).locator(".ed-section:not([data-locked])")).toHaveCount(5);
  // the two-column row: two columns, each an image, a text and a button
  const row = canvas(page)
    .locator(".ed-row")
    .filter({ has: page.locator(".ed-column + .ed-column") });
  await expect(row.locator(".ed-column")).toHaveCount(2);
  await expect(row.locator(".ed-column").first().locator(".ed-block")).toHaveCount(3);
  await expect(canvas(page).locator(".ed-block img")).toHaveCount(3);
  await shoot(page, "imported-newsletter");

  // the text is editable text, not HTML code
  const story = blocks(page).filter({ hasText: "Picnic season" });
  await story.dblclick();
  const editor = page.getByRole("textbox", { name: "Text block content" });
  await expect(editor).toBeVisible();
  await editor.getByText("Picnic season").click();
  await page.keyboard.press("End");
  await page.keyboard.type(" is here");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(story).toContainText("Picnic season is here");
  await expectSaved(page);
});
