// The editor a marketer would switch to (issue 17, the editor's side): the toolbar and panels stay in view
// on a 60-section email at 1440 and 1024 pixels; the canvas is one tab stop with arrow keys inside; the
// keyboard drag chip stays beside its target; rich text with a heading and a coloured link round trips;
// a merge-tag chip from the picker renders the contact's value; pasted styles are kept; the words are a
// marketer's; axe finds no serious violation on the editor and its dialogs (links, merge tags, layouts,
// pre-send checks, Send test, New template, Import HTML with its summary); phones get a notice and the
// preview; the starter gallery shows rendered thumbnails.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { seriousViolations, WCAG21AA } from "./axe-helpers";
import { blocks, canvas, expectSaved, pickUpWithKeyboard, shoot, signUp } from "./editor-helpers";

test.describe.configure({ mode: "serial" });

const id = () => randomBytes(12).toString("hex");
const HEADERS = (origin: string) => ({ "Service-Version": "2026-03-15", Origin: origin, "Content-Type": "application/json" });
let page: Page;
let longId = "";
let textId = "";
let danaId = "";

const oneBlockSection = (block: object) => ({ id: id(), rows: [{ id: id(), columns: [{ id: id(), blocks: [{ id: id(), ...block }] }] }] });

async function createTemplate(baseURL: string, doc: object): Promise<string> {
  const response = await page.request.post("/api/email-templates", { headers: HEADERS(baseURL), data: doc });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

async function readTemplate(baseURL: string, templateId: string) {
  return (await page.request.get(`/api/email-templates/${templateId}`, { headers: HEADERS(baseURL) })).json();
}

test.beforeAll(async ({ browser, baseURL }) => {
  // A context of our own: axe (AxeBuilder) refuses pages made by browser.newPage().
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signUp(page, "marketer");
  longId = await createTemplate(baseURL!, {
    name: "Sixty sections",
    sections: Array.from({ length: 60 }, (_, i) =>
      oneBlockSection({ type: "text", text: `<p>Section ${i + 1}: news for [[contact.first_name | you]].</p>` }),
    ),
  });
  textId = await createTemplate(baseURL!, {
    name: "Rich text",
    sections: [
      oneBlockSection({ type: "text", text: "<p>Old text</p>" }),
      oneBlockSection({ type: "button", button: { text: "Shop now", link: "https://shop.example.org" }, stylePresetID: "primary_button" }),
    ],
  });
  const contact = await page.request.post("/api/contacts", {
    headers: HEADERS(baseURL!),
    data: { identifiers: [{ type: "email", id: "dana@example.org" }], firstName: "Dana" },
  });
  expect([200, 201]).toContain(contact.status());
  danaId = (await contact.json()).id;
});

test.afterAll(async () => {
  await page.context().close();
});

/** True when the element's centre is not covered by anything else (it, or something inside it, is on top). */
async function unobscured(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= window.innerHeight) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("the toolbar and both panels stay in view after scrolling a 60-section email, at 1440 and 1024 pixels", async () => {
  await page.goto(`/templates/${longId}`);
  await expect(blocks(page)).toHaveCount(60);
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ]) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
    await blocks(page).last().click();
    for (const control of [
      page.getByRole("button", { name: "Undo" }),
      page.getByRole("tab", { name: "Preview" }),
      page.getByTestId("save-status"),
      page.getByRole("tab", { name: "Selection" }),
      page.getByRole("tab", { name: "General settings" }),
      page.getByRole("navigation", { name: "Palette" }).getByRole("heading", { name: "Sections" }),
      page.getByRole("complementary", { name: "Properties" }).getByRole("heading", { name: "Text block" }),
    ]) {
      await expect(control).toBeVisible();
      expect(await unobscured(control), `${await control.textContent()} at ${width}px`).toBe(true);
    }
    const topbar = (await page.locator(".topbar").boundingBox())!;
    const header = (await page.locator(".ed-header").boundingBox())!;
    expect(header.y).toBeGreaterThanOrEqual(topbar.y + topbar.height - 1);
    await shoot(page, `sticky-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("the canvas is one tab stop; the arrow keys move inside it", async () => {
  await page.goto(`/templates/${longId}`);
  await expect(blocks(page)).toHaveCount(60);
  await expect(canvas(page).locator('[tabindex="0"]')).toHaveCount(1);
  // The last control before the canvas: the pre-send bar's "Send test".
  await page.getByRole("button", { name: "Send test" }).focus();
  await page.keyboard.press("Tab");
  const focusedNode = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute("aria-label") ?? "");
  await expect.poll(focusedNode).toBe("Section");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="canvas"]'))).toBe(false);
  await page.keyboard.press("Shift+Tab");
  await expect.poll(focusedNode).toBe("Section");
  await page.keyboard.press("ArrowRight");
  await expect.poll(focusedNode).toBe("Row of 1 column, selected");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(focusedNode).toBe("Text block, selected");
  await expect(page.getByTestId("breadcrumb")).toContainText("Section 1");
  await page.keyboard.press("ArrowDown");
  await expect.poll(focusedNode).toBe("Section, selected");
  await expect(page.getByTestId("breadcrumb")).toContainText("Section 2");
  await page.keyboard.press("PageDown");
  await page.keyboard.press("PageDown");
  await expect(page.getByTestId("breadcrumb")).toContainText("Section 4");
  await page.keyboard.press("ArrowLeft");
  // Still one tab stop on the canvas (the selected node), plus the selected node's toolbar.
  await expect(canvas(page).locator('[data-node-id][tabindex="0"]')).toHaveCount(1);
  await expect(canvas(page).locator('[role="toolbar"] [tabindex="0"]')).toHaveCount(1);
  // Pressed quickly one after another: none is lost.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(focusedNode).toBe("Text block, selected");
  await expect(page.getByTestId("breadcrumb")).toContainText("Text 1");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "Text block content" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect.poll(focusedNode).toBe("Text block, selected");
  await shoot(page, "keyboard-canvas");
});

test("the keyboard drag chip stays beside the place it shows", async () => {
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Section, selected");
  await pickUpWithKeyboard(page, "Picked up Section from section 4");
  const live = page.locator("[id^='DndLiveRegion']").first();
  for (let i = 0; i < 2; i++) {
    await page.keyboard.press("ArrowDown");
    // The chip follows the drop indicator a frame or two after the key: read both until they settle.
    const boxes = async () => ({
      chip: (await page.getByTestId("drag-chip").boundingBox())!,
      target: (await canvas(page).locator("[data-drop-side]").boundingBox())!,
    });
    await expect
      .poll(async () => {
        const { chip, target } = await boxes();
        return overlap(chip, target) ? JSON.stringify({ chip, target }) : "apart";
      })
      .toBe("apart");
  }
  await shoot(page, "keyboard-drag-chip");
  await page.keyboard.press("Escape");
  await expect(live).toContainText("Cancelled");
});

async function openText(n = 0) {
  await blocks(page).nth(n).dblclick();
  const editor = page.getByRole("textbox", { name: "Text block content" });
  await expect(editor).toBeVisible();
  return editor;
}

test("a heading and a coloured link round trip through the API and the renderer", async ({ baseURL }) => {
  await page.goto(`/templates/${textId}`);
  const editor = await openText();
  // The text toolbar sits above the text it formats, covering neither it nor the block above.
  const menu = (await page.getByRole("toolbar", { name: "Text formatting" }).boundingBox())!;
  expect(overlap(menu, (await editor.locator("p").first().boundingBox())!)).toBe(false);
  expect(menu.y).toBeGreaterThanOrEqual((await canvas(page).locator(".ed-section").first().boundingBox())!.y);
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Spring is here");
  await page.getByLabel("Paragraph or heading").selectOption({ label: "Heading 2" });
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.getByLabel("Paragraph or heading").selectOption({ label: "Paragraph" });
  await page.keyboard.type("Read the story");
  for (let i = 0; i < 5; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.getByRole("button", { name: "Text colour" }).click();
  await page.getByRole("group", { name: "Text colours" }).getByRole("button", { name: "Colour #1a73e8" }).click();
  await page.getByRole("button", { name: "Link", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add a link" });
  await dialog.getByLabel("Web address").fill("shop");
  await dialog.getByRole("button", { name: "Add link" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Enter a full web address");
  await shoot(page, "link-dialog");
  await dialog.getByLabel("Web address").fill("https://shop.example.org/spring?e=[[contact.email]]");
  await dialog.getByLabel("Open in a new tab").check();
  await dialog.getByRole("button", { name: "Add link" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Done" }).click();
  await expectSaved(page);

  const stored = (await readTemplate(baseURL!, textId)).sections[0].rows[0].columns[0].blocks[0].text as string;
  expect(stored).toMatch(/<h2>Spring is here<\/h2>/);
  expect(stored).toContain('href="https://shop.example.org/spring?e=[[contact.email]]"');
  expect(stored).toContain('target="_blank"');
  expect(stored).toMatch(/color: ?(?:#1a73e8|rgb\(26, 115, 232\))/i);

  await page.reload();
  await expect(blocks(page).first().locator("h2")).toHaveText("Spring is here");
  await expect(blocks(page).first().locator('[style*="color"]', { hasText: "story" })).toHaveCSS("color", "rgb(26, 115, 232)");
  const again = await openText();
  await again.locator("h2").click();
  await expect(page.getByLabel("Paragraph or heading")).toHaveValue("h2");
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "Preview" }).click();
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await expect(frame.locator("h2")).toHaveText("Spring is here");
  await expect(frame.locator('a[target="_blank"]', { hasText: "story" })).toHaveAttribute(
    "href",
    /^https:\/\/shop\.example\.org\/spring\?e=alex\.sample(?:%40|@)example\.com$/,
  );
  expect(await frame.locator("body").innerHTML()).toMatch(/color: ?(?:#1a73e8|rgb\(26, ?115, ?232\))[^>]*>(?:<[^>]+>)*story/i);
  await page.getByRole("tab", { name: "Edit" }).click();
});

test("a merge-tag chip inserted from the picker renders the contact's value", async ({ baseURL }) => {
  const editor = await openText();
  await editor.locator("p", { hasText: "story" }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(", ");
  await page.getByRole("button", { name: "Merge tag" }).click();
  const dialog = page.getByRole("dialog", { name: "Insert a merge tag" });
  await dialog.getByRole("combobox").fill("first");
  await expect(dialog.getByRole("option").first()).toContainText("First name");
  await dialog.getByRole("combobox").press("Enter");
  await dialog.getByLabel("When the contact has no value, show").fill("friend");
  await shoot(page, "merge-tag-dialog");
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(editor.locator(".ed-tag-chip")).toHaveText("First name · friend");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(blocks(page).first().locator(".ed-tag-chip")).toHaveText("First name · friend");
  await expectSaved(page);
  const stored = (await readTemplate(baseURL!, textId)).sections[0].rows[0].columns[0].blocks[0].text as string;
  expect(stored).toContain("[[contact.first_name | friend]]");

  await page.getByRole("tab", { name: "Preview" }).click();
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await page.getByLabel("Preview as contact").fill("dana@example.org");
  await page.getByRole("button", { name: "Render" }).click();
  await expect(frame.locator("body")).toContainText("Read the story, Dana");
  await shoot(page, "merge-tag-preview");
  await page.getByRole("tab", { name: "Edit" }).click();
});

test("pasted text keeps its inline styles", async ({ baseURL }) => {
  const editor = await openText();
  await editor.locator("p", { hasText: "story" }).click();
  await page.keyboard.press("End");
  await editor.evaluate((el) => {
    const data = new DataTransfer();
    data.setData(
      "text/html",
      '<p><span style="color: rgb(220, 38, 38); font-size: 22px; font-family: Georgia, serif; background-color: rgb(254, 243, 199)">Pasted red</span> and <strong>bold</strong></p>',
    );
    data.setData("text/plain", "Pasted red and bold");
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(editor).toContainText("Pasted red and bold");
  await page.getByRole("button", { name: "Done" }).click();
  await expectSaved(page);
  const stored = (await readTemplate(baseURL!, textId)).sections[0].rows[0].columns[0].blocks[0].text as string;
  expect(stored).toMatch(/<span style="[^"]*color: rgb\(220, 38, 38\)[^"]*">Pasted red<\/span>/);
  expect(stored).toContain("font-size: 22px");
  expect(stored).toContain("font-family: Georgia, serif");
  expect(stored).toContain("<strong>bold</strong>");
});

test("the words are a marketer's: style names, section names, plan notes, product and category pickers", async ({ baseURL }) => {
  const event = await page.request.post("/api/events", {
    headers: HEADERS(baseURL!),
    data: {
      eventName: "viewed product",
      eventVersion: "v1",
      origin: "api",
      contact: { email: "dana@example.org" },
      properties: { productID: "sku-77", productTitle: "Linen shirt", url: "https://shop.example.org/p/77", categories: ["Shirts"] },
    },
  });
  expect(event.status(), await event.text()).toBe(202);
  // The events worker records the product with the contact's event.
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/contacts/${danaId}/events`, { headers: HEADERS(baseURL!) })).json()).events?.length ?? 0,
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await page.goto(`/templates/${textId}`);
  await blocks(page).nth(1).click();
  const panel = page.getByRole("complementary", { name: "Properties" });
  const style = panel.getByLabel("Button style");
  await expect(style.locator("option", { hasText: "Primary button" })).toHaveCount(1);
  expect(await style.locator("option").allTextContents()).not.toContain("primary_button");
  await expect(page.getByTestId("breadcrumb")).toContainText("Section 2");

  await page
    .getByRole("navigation", { name: "Palette" })
    .getByRole("button", { name: /^Recommendations/ })
    .click();
  await expect(panel.getByRole("heading", { name: "Recommendations section" })).toBeVisible();
  await expect(panel.getByLabel("Show", { exact: true }).locator("option", { hasText: "Picked for each contact (Pro plan)" })).toHaveCount(
    1,
  );
  await expect(panel.getByText("Picks made for each contact need the Pro plan")).toBeVisible();
  const categories = panel.getByRole("group", { name: "Only from these categories" });
  await categories.getByRole("combobox").fill("shi");
  await categories.getByRole("option", { name: "Shirts" }).click();
  await expect(categories.getByRole("list", { name: /chosen/ })).toContainText("Shirts");
  const products = panel.getByRole("group", { name: "Never these products" });
  await products.getByRole("combobox").fill("linen");
  await products.getByRole("option", { name: "Linen shirt" }).click();
  await expect(products.getByRole("list", { name: /chosen/ })).toContainText("Linen shirt");
  await expectSaved(page);
  await shoot(page, "pickers");
  const read = await readTemplate(baseURL!, textId);
  const recommender = read.sections.find((s: { type?: string }) => s.type === "product_recommender").productRecommender;
  expect(recommender).toMatchObject({ includeCategories: ["Shirts"], excludeProducts: ["sku-77"] });
});

/** The contrast ratio of an input's placeholder text against the input's background (WCAG formula). */
async function placeholderContrast(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const fg = lum(rgb(getComputedStyle(el, "::placeholder").color));
    const bg = lum(rgb(getComputedStyle(el).backgroundColor));
    return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  });
}

/** axe on WCAG 2.1 AA in `scope`, or on the whole page. */
const axe = (scope?: string) =>
  seriousViolations(page, {
    tags: WCAG21AA,
    // Text the marketer coloured (the pasted red on yellow of an earlier test) is the email's content, not the editor's.
    ...(scope ? { include: scope } : { exclude: '[data-testid="canvas"] .ed-b-text span[style]' }),
  });

// Each full axe scan of the editor takes about 3 s here and three times that on CI's loaded machine, where
// the eight scans of one test ran past the 60 s budget: the panels and the dialogs are two tests, each with room.
test("axe finds no serious violation on the editor, its settings tabs and its text toolbar", async () => {
  test.setTimeout(120_000);
  await page.goto(`/templates/${textId}`);
  await expect(blocks(page).first()).toBeVisible();
  await blocks(page).nth(1).click();
  expect(await axe()).toEqual([]);
  // Placeholders too (axe leaves them out): 4.5:1 at least.
  const linkField = page.getByRole("complementary", { name: "Properties" }).getByLabel("Link", { exact: true });
  await linkField.fill("");
  expect(await placeholderContrast(linkField)).toBeGreaterThanOrEqual(4.5);
  await linkField.fill("https://shop.example.org");
  await page.getByRole("tab", { name: "General settings" }).click();
  expect(await axe()).toEqual([]);
  await page.getByRole("tab", { name: "Selection" }).click();

  const editor = await openText();
  await editor.locator("p").first().click();
  expect(await axe()).toEqual([]);
  await page.getByRole("button", { name: "Link", exact: true }).click();
  expect(await axe("dialog[open]")).toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Merge tag" }).click();
  await page.getByRole("dialog", { name: "Insert a merge tag" }).getByRole("combobox").fill("a");
  expect(await axe("dialog[open]")).toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Done" }).click();
});

test("axe finds no serious violation on the editor's dialogs and its pre-send checks", async () => {
  test.setTimeout(120_000);
  await page.goto(`/templates/${textId}`);
  await expect(blocks(page).first()).toBeVisible();
  await blocks(page).first().click();
  await page.getByTestId("breadcrumb").getByRole("button", { name: "Section 1" }).click();
  await page.getByRole("button", { name: "Save Section as a universal layout" }).click();
  await expect(page.getByRole("dialog", { name: "Save section as a layout" })).toBeVisible();
  expect(await axe("dialog[open]")).toEqual([]);
  await page.keyboard.press("Escape");

  // The pre-send checks with their list open, and the Send test dialog.
  const checks = page.getByTestId("checks-panel");
  await checks.getByRole("button", { name: "Check email" }).click();
  await expect(checks.getByRole("status")).toHaveText(/thing|No problems/);
  expect(await axe()).toEqual([]);
  await page.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByRole("dialog", { name: "Send a test email" })).toBeVisible();
  expect(await axe("dialog[open]")).toEqual([]);
  await page.keyboard.press("Escape");
});

test("axe finds no serious violation on the templates page's New template and Import HTML dialogs", async () => {
  await page.goto("/templates");
  await page.getByRole("button", { name: "New template" }).click();
  await expect(page.getByRole("dialog", { name: "New template" })).toBeVisible();
  expect(await axe("dialog[open]")).toEqual([]);
  await page.keyboard.press("Escape");

  // The import dialog and its summary.
  await page.getByRole("button", { name: "Import HTML" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import HTML" });
  await importDialog.getByLabel("HTML file").setInputFiles(path.join(import.meta.dirname, "fixtures/two-column-newsletter.html"));
  expect(await axe("dialog[open]")).toEqual([]);
  await importDialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(importDialog.getByTestId("import-summary")).toBeVisible();
  expect(await axe("dialog[open]")).toEqual([]);
  await page.keyboard.press("Escape");
});

test("the starter gallery shows rendered thumbnails and builds the chosen email", async () => {
  await page.goto("/templates");
  await page.getByRole("button", { name: "New template" }).click();
  const dialog = page.getByRole("dialog", { name: "New template" });
  const choices = dialog.getByRole("radio");
  await expect(choices).toHaveCount(9);
  const thumbs = dialog.locator("img.tpl-thumb");
  for (let i = 0; i < 9; i++) {
    await thumbs.nth(i).scrollIntoViewIfNeeded();
    await expect.poll(() => thumbs.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
  }
  await shoot(page, "gallery-1440");
  await page.setViewportSize({ width: 1024, height: 768 });
  await shoot(page, "gallery-1024");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "gallery-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByLabel("Name").fill("Cart reminder");
  await dialog.getByText("Abandoned cart", { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: /Abandoned cart/ })).toBeChecked();
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f]{24}$/);
  await expect(canvas(page).locator(".ed-section-tag", { hasText: "Cart recovery" })).toBeVisible();
  await expect(canvas(page).locator(".ed-tag-chip", { hasText: "Brand name" })).toBeVisible();
  await expect(canvas(page).getByRole("img", { name: "A shopping bag waiting by the door" })).toBeVisible();
  await shoot(page, "starter-abandoned-cart");
});

test("at phone width the editor says it needs a wider screen and offers the preview", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/templates/${textId}`);
  const notice = page.getByRole("region", { name: "The editor needs a wider screen" });
  await expect(notice).toBeVisible();
  await expect(canvas(page)).toBeHidden();
  expect(await axe()).toEqual([]);
  await shoot(page, "phone-notice");
  await notice.getByRole("button", { name: "Show the preview" }).click();
  const frame = page.getByTestId("preview-frame");
  await expect(frame).toHaveAttribute("data-device", "mobile");
  await expect(page.frameLocator('[data-testid="preview-frame"]').locator("h2")).toHaveText("Spring is here");
  const box = (await frame.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await shoot(page, "phone-preview");
  await page.setViewportSize({ width: 1440, height: 900 });
});
