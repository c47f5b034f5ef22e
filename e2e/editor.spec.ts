// The template editor end to end: build a template by dragging, edit text with a personalization tag,
// reorder by mouse and keyboard, undo/redo, autosave and reload, preview at both widths, import HTML,
// and an API validation error shown on its node.
import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { blocks, canvas, drag, expectSaved, pickUpWithKeyboard, shoot, signUp } from "./editor-helpers";

test.describe.configure({ mode: "serial" });

let page: Page;
let editorUrl = "";

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signUp(page, "build");
});

test.afterAll(async () => {
  await page.close();
});

const blockTypes = () => blocks(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label")?.replace(/, selected$/, "")));

test("creates a blank template and builds it by dragging a section and blocks from the palette", async () => {
  await page.getByRole("button", { name: "New template" }).click();
  await page.getByRole("dialog", { name: "New template" }).getByLabel("Name").fill("Spring welcome");
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f]{24}$/);
  editorUrl = page.url();
  await expect(page.getByText("Your email is empty.")).toBeVisible();
  await shoot(page, "empty");

  const palette = page.getByRole("navigation", { name: "Palette" });
  await drag(page, palette.locator('[data-palette-id="section-1"]'), canvas(page));
  await expect(canvas(page).locator(".ed-section:not([data-locked])")).toHaveCount(1);
  await expect(page.getByText("Drop blocks here")).toBeVisible();

  await drag(page, palette.locator('[data-palette-id="block-text"]'), canvas(page).locator(".ed-column").first());
  await expect(blocks(page)).toHaveCount(1);
  await drag(page, palette.locator('[data-palette-id="block-button"]'), blocks(page).first(), { y: 0.9 });
  await drag(page, palette.locator('[data-palette-id="block-image"]'), blocks(page).nth(1), { y: 0.9 });
  await expect.poll(blockTypes).toEqual(["Text block", "Button block", "Image block"]);
  await expect(page.getByTestId("breadcrumb")).toContainText("Image 3");
  await expectSaved(page);
  await shoot(page, "built");
});

test("refuses a product block outside a product section and says why", async () => {
  const palette = page.getByRole("navigation", { name: "Palette" });
  await palette.locator('[data-palette-id="block-product"]').click();
  await expect(page.locator(".ed-notice")).toContainText("product blocks go only into product sections");
  await expect(blocks(page)).toHaveCount(3);
});

test("edits text with a merge tag from the picker", async () => {
  const text = blocks(page).first();
  await text.dblclick();
  const editor = page.getByRole("textbox", { name: "Text block content" });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Hello ");
  await page.getByRole("button", { name: "Merge tag" }).click();
  const dialog = page.getByRole("dialog", { name: "Insert a merge tag" });
  await dialog.getByRole("combobox").fill("first");
  await dialog.getByRole("option", { name: /First name/ }).click();
  await dialog.getByLabel("When the contact has no value, show").fill("there");
  await dialog.getByRole("button", { name: "Insert" }).click();
  await page.keyboard.type(", welcome!");
  await shoot(page, "rich-text");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(text).toContainText("Hello First name · there, welcome!");
  await expect(text.locator(".ed-tag-chip")).toHaveAttribute("title", "[[contact.first_name | there]]");
  await expect(page.getByTestId("save-status")).toHaveText(/Unsaved changes|Saving|All changes saved/);
  await expectSaved(page);
});

test("reorders blocks with the mouse", async () => {
  await drag(page, blocks(page).nth(2), blocks(page).first(), { y: 0.1 });
  await expect.poll(blockTypes).toEqual(["Image block", "Text block", "Button block"]);
  await expectSaved(page);
});

test("reorders blocks with the keyboard, with announcements", async () => {
  const button = blocks(page).nth(2);
  await button.click();
  const handle = page.getByRole("button", { name: "Drag Button block" });
  await handle.focus();
  await pickUpWithKeyboard(page, /Picked up Button block/);
  await page.keyboard.press("ArrowUp");
  await expect(page.locator("[id^='DndLiveRegion']").first()).toContainText(/would go to position 2 of 3/);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Space");
  await expect.poll(blockTypes).toEqual(["Button block", "Image block", "Text block"]);
  await shoot(page, "keyboard-reorder");
});

test("undoes and redoes from the toolbar and the keyboard", async () => {
  await expectSaved(page);
  // Every state the save status passes through from here, recorded in the page: the autosave's 800 ms can
  // pass before a check of the status itself.
  await page.getByTestId("save-status").evaluate((status) => {
    const seen: string[] = [];
    Object.assign(window, { saveStatuses: seen });
    new MutationObserver(() => seen.push(status.dataset.status ?? "")).observe(status, { attributeFilter: ["data-status"] });
  });
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(blockTypes).toEqual(["Image block", "Text block", "Button block"]);
  await canvas(page).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("ControlOrMeta+Shift+z");
  await expect.poll(blockTypes).toEqual(["Button block", "Image block", "Text block"]);
  await page.keyboard.press("ControlOrMeta+z");
  await expect.poll(blockTypes).toEqual(["Image block", "Text block", "Button block"]);
  await page.getByRole("button", { name: "Redo" }).click();
  await expect.poll(blockTypes).toEqual(["Button block", "Image block", "Text block"]);
  await expectSaved(page);
  expect(await page.evaluate(() => (window as unknown as { saveStatuses: string[] }).saveStatuses)).toContain("unsaved");
});

test("finds everything saved after a reload", async () => {
  await page.reload();
  await expect.poll(blockTypes).toEqual(["Button block", "Image block", "Text block"]);
  await expect(blocks(page).nth(2)).toContainText("Hello First name · there, welcome!");
  await expect(page.getByLabel("Template name")).toHaveValue("Spring welcome");
  await shoot(page, "reloaded");
});

test("shows the server render in the preview at desktop and mobile widths", async () => {
  await page.getByRole("tab", { name: "Preview" }).click();
  const frame = page.getByTestId("preview-frame");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(frame).toHaveAttribute("data-device", "desktop");
  await expect(page.frameLocator('[data-testid="preview-frame"]').locator("body")).toContainText("welcome!");
  expect((await frame.boundingBox())!.width).toBeGreaterThan(700);
  await shoot(page, "preview-desktop");
  await page.getByRole("radio", { name: /Mobile/ }).click();
  await expect(frame).toHaveAttribute("data-device", "mobile");
  expect(Math.round((await frame.boundingBox())!.width)).toBe(375);
  await shoot(page, "preview-mobile");
  await page.getByRole("tab", { name: "Edit" }).click();
});

test("shows the API's validation error on the node its pointer names", async () => {
  await page.goto(editorUrl);
  const button = blocks(page).first();
  await button.click();
  const link = page.getByLabel("Link", { exact: true });
  await link.fill("javascript:alert(1)");
  await expect(page.getByTestId("save-status")).toHaveText(/Not saved/, { timeout: 15_000 });
  await expect(button).toHaveAttribute("data-invalid", "");
  await expect(button.getByTestId("node-error")).toHaveText(
    "Link: links cannot start with javascript:, vbscript: or data:. Enter a web address starting with https://.",
  );
  await expect(link).toHaveAttribute("aria-invalid", "true");
  await expect(blocks(page).nth(1)).not.toHaveAttribute("data-invalid", "");
  await shoot(page, "validation-error");
  await link.fill("https://example.com/spring");
  await expectSaved(page);
  await expect(button).not.toHaveAttribute("data-invalid", "");
});

test("imports an HTML file from the templates page and opens it in the editor", async () => {
  await page.goto("/templates");
  await expect(page.getByRole("link", { name: "Spring welcome" })).toBeVisible();
  await page.getByRole("button", { name: "Import HTML" }).click();
  const dialog = page.getByRole("dialog", { name: "Import HTML" });
  await dialog.getByLabel("HTML file").setInputFiles(path.join(import.meta.dirname, "fixtures/newsletter.html"));
  await expect(dialog.getByLabel("Name")).toHaveValue("newsletter");
  await dialog.getByRole("radio", { name: "Turn it into editable blocks" }).check();
  await shoot(page, "import-dialog");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog.getByTestId("import-summary")).toContainText("Imported “newsletter”");
  await dialog.getByRole("button", { name: "Open in editor" }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f]{24}$/);
  // the head's styles in an HTML code block, the heading and the paragraph as editable text
  await expect(blocks(page)).toHaveCount(3);
  await expect(canvas(page).locator(".ed-b-text h1")).toHaveText("Spring is here");
  await shoot(page, "imported");
  await page.goto("/templates");
  await expect(page.getByRole("link", { name: "newsletter" })).toBeVisible();
  await shoot(page, "list");
});

test("searches, duplicates and deletes (with confirmation) on the templates page", async () => {
  await page.goto("/templates");
  await page.getByLabel("Search by name").fill("spring");
  await expect(page.getByRole("link", { name: "Spring welcome" })).toBeVisible();
  await expect(page.getByRole("link", { name: "newsletter" })).toHaveCount(0);
  await page.getByRole("button", { name: "Duplicate Spring welcome" }).click();
  await expect(page.getByRole("link", { name: "Copy of Spring welcome" })).toBeVisible();
  await page.getByLabel("Sort").selectOption("name:asc");
  await expect(page.locator("tbody tr").first()).toContainText("Copy of Spring welcome");
  await page.getByRole("button", { name: "Delete Copy of Spring welcome" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete template?" });
  await expect(confirm).toContainText("Copy of Spring welcome");
  await shoot(page, "delete-confirm");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("link", { name: "Copy of Spring welcome" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Spring welcome" })).toBeVisible();
});
