// Dragging at every level of the editor's tree: a block by its body into another column and section,
// columns, rows and sections by their drag handles (mouse and keyboard), and the product rule for a
// block from the palette, with the drop targets and the drop indicator shown during the drag.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { canvas, drag, dragOver, expectSaved, pickUpWithKeyboard, signUp } from "./editor-helpers";

test.describe.configure({ mode: "serial" });

let page: Page;

const id = () => randomBytes(12).toString("hex");
const text = (word: string) => ({ id: id(), type: "text", text: `<p>${word}</p>` });
const column = (...blocks: object[]) => ({ id: id(), blocks });

/** Section by section, column by column (in document order), the words of the text blocks; not the free plan's badge. */
const structure = () =>
  canvas(page)
    .locator(".ed-section:not([data-locked])")
    .evaluateAll((sections) =>
      sections.map((s) =>
        [...s.querySelectorAll(".ed-column")].map((c) => [...c.querySelectorAll(".ed-block")].map((b) => b.textContent?.trim() ?? "")),
      ),
    );

const select = async (word: string, ancestor: string) => {
  await canvas(page).locator(".ed-block", { hasText: word }).click();
  await page.getByTestId("breadcrumb").getByRole("button", { name: ancestor, exact: true }).click();
};

test.beforeAll(async ({ browser, baseURL }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signUp(page, "dnd");
  const response = await page.request.post("/api/email-templates", {
    headers: { "Service-Version": "2026-03-15", Origin: baseURL!, "Content-Type": "application/json" },
    data: {
      name: "Drag levels",
      sections: [
        {
          id: id(),
          rows: [
            { id: id(), columns: [column(text("Alpha"), text("Bravo")), column(text("Charlie"))] },
            { id: id(), columns: [column(text("Echo"))] },
          ],
        },
        { id: id(), rows: [{ id: id(), columns: [column(text("Delta"))] }] },
      ],
    },
  });
  expect(response.ok()).toBe(true);
  await page.goto(`/templates/${((await response.json()) as { id: string }).id}`);
  await expect.poll(structure).toEqual([[["Alpha", "Bravo"], ["Charlie"], ["Echo"]], [["Delta"]]]);
});

test.afterAll(async () => {
  await page.close();
});

test("moves a block by its body into a column of another section, with the drop indicator on the way", async () => {
  const delta = canvas(page).locator(".ed-block", { hasText: "Delta" });
  await dragOver(page, canvas(page).locator(".ed-block", { hasText: "Bravo" }), delta, { y: 0.9 });
  await expect(page.locator(".ed-root")).toHaveAttribute("data-drag-kind", "block");
  await expect(delta).toHaveAttribute("data-drop-side", "after");
  await expect(canvas(page).locator("[data-drop-side]")).toHaveCount(1);
  await page.mouse.up();
  await expect.poll(structure).toEqual([[["Alpha"], ["Charlie"], ["Echo"]], [["Delta", "Bravo"]]]);
  await expect(canvas(page).locator("[data-drop-side]")).toHaveCount(0);
  await expect(page.locator(".ed-root")).not.toHaveAttribute("data-drag-kind", /.*/);
});

test("reorders columns by their drag handle", async () => {
  await select("Charlie", "Column 2");
  await drag(page, page.getByRole("button", { name: "Drag Column" }), canvas(page).locator(".ed-column").first(), { x: 0.1 });
  await expect.poll(structure).toEqual([[["Charlie"], ["Alpha"], ["Echo"]], [["Delta", "Bravo"]]]);
});

test("reorders rows by their drag handle", async () => {
  await select("Echo", "Row 2");
  await drag(page, page.getByRole("button", { name: "Drag Row of 1 column" }), canvas(page).locator(".ed-row").first(), { y: 0.1 });
  await expect.poll(structure).toEqual([[["Echo"], ["Charlie"], ["Alpha"]], [["Delta", "Bravo"]]]);
});

test("reorders sections by their drag handle, then undoes it", async () => {
  await select("Delta", "Section 2");
  await drag(page, page.getByRole("button", { name: "Drag Section" }), canvas(page).locator(".ed-section:not([data-locked])").first(), {
    y: 0.1,
  });
  await expect.poll(structure).toEqual([[["Delta", "Bravo"]], [["Echo"], ["Charlie"], ["Alpha"]]]);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(structure).toEqual([[["Echo"], ["Charlie"], ["Alpha"]], [["Delta", "Bravo"]]]);
});

test("moves a section with the keyboard, announcing each place", async () => {
  await select("Echo", "Section 1");
  await page.getByRole("button", { name: "Drag Section" }).focus();
  await pickUpWithKeyboard(page, "Picked up Section from section 1");
  const live = page.locator("[id^='DndLiveRegion']").first();
  await page.keyboard.press("ArrowDown");
  await expect(live).toContainText(/would go to position 2 of \d in the email/);
  await page.keyboard.press("Space");
  await expect(live).toContainText("Dropped Section");
  await expect.poll(structure).toEqual([[["Delta", "Bravo"]], [["Echo"], ["Charlie"], ["Alpha"]]]);
  await expectSaved(page);
});

test("drops a product block from the palette only into a product section", async () => {
  const palette = page.getByRole("navigation", { name: "Palette" });
  const product = palette.locator('[data-palette-id="block-product"]');
  const layoutBlock = canvas(page).locator(".ed-block", { hasText: "Delta" });
  await dragOver(page, product, layoutBlock);
  // No layout column accepts it: they are dimmed and nothing is marked as the drop place.
  await expect(page.locator(".ed-root")).toHaveAttribute("data-drag-product", "true");
  await expect(canvas(page).locator("[data-drop-side]")).toHaveCount(0);
  await page.mouse.up();
  await expect.poll(structure).toEqual([[["Delta", "Bravo"]], [["Echo"], ["Charlie"], ["Alpha"]]]);

  await drag(
    page,
    palette.locator('[data-palette-id="section-products_listing"]'),
    canvas(page).locator(".ed-section:not([data-locked])").last(),
    { y: 0.9 },
  );
  const productSection = canvas(page).locator(".ed-product-section");
  await expect(productSection).toHaveCount(1);
  const before = await productSection.locator(".ed-block").count();
  await dragOver(page, product, productSection.locator(".ed-block").first(), { y: 0.9 });
  await expect(productSection.locator(".ed-block").first()).toHaveAttribute("data-drop-side", "after");
  await page.mouse.up();
  await expect(productSection.locator(".ed-block")).toHaveCount(before + 1);
  await expectSaved(page);
});

test("inserts a block from the palette with the keyboard", async () => {
  await page.getByRole("navigation", { name: "Palette" }).locator('[data-palette-id="block-text"]').focus();
  await pickUpWithKeyboard(page, "Picked up new Text from the palette");
  const live = page.locator("[id^='DndLiveRegion']").first();
  await page.keyboard.press("ArrowDown");
  await expect(live).toContainText(/new Text would go to position 1 of 3 in column 1 of row 1 of section 1/);
  await page.keyboard.press("Space");
  await expect.poll(async () => (await structure())[0]).toEqual([["Write your message here.", "Delta", "Bravo"]]);
  await expectSaved(page);
});

test("Enter on a palette item adds it next to the selection instead of picking it up", async () => {
  await canvas(page).locator(".ed-block", { hasText: "Delta" }).click();
  const before = (await structure())[0][0].length;
  await page.getByRole("navigation", { name: "Palette" }).locator('[data-palette-id="block-text"]').focus();
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await structure())[0][0].length).toBe(before + 1);
  await expect(page.locator("[id^='DndLiveRegion']").first()).not.toContainText("Picked up new Text", { timeout: 1000 });
  await expectSaved(page);
});
