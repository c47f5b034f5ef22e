// Rendered HTML in a real Chromium: two columns side by side at 600px, stacked at 375px (MJML's
// 480px breakpoint), and device visibility classes honoured. Screenshots are kept as artifacts.
import { expect, test, type Page } from "@playwright/test";
import { ID, everyBlockTemplate } from "@/lib/templates/render/fixtures/every-block";
import { renderDocument } from "@/lib/templates/render/render-document";
import { SAMPLE_CONTACT, SAMPLE_ORDER, sampleListItems, sampleProducts } from "@/lib/templates/render/sample-data";

async function renderedHtml(): Promise<string> {
  const fixture = everyBlockTemplate();
  // Device visibility on top of the fixture: one line only on desktop, one only on mobile.
  const doc = {
    ...fixture,
    sections: [
      ...fixture.sections,
      {
        id: "devices",
        rows: [
          {
            id: "dr",
            columns: [
              {
                id: "dc",
                blocks: [
                  { id: "desk", type: "text", text: "<p>Desktop only line</p>", visibility: { isMobileVisible: false } },
                  { id: "mob", type: "text", text: "<p>Mobile only line</p>", visibility: { isDesktopVisible: false } },
                ],
              },
            ],
          },
        ],
      } as (typeof fixture.sections)[number],
    ],
  };
  const { html } = await renderDocument(doc, {
    contact: { ...SAMPLE_CONTACT, firstName: "Ana" },
    hidden: [],
    slots: { [ID.recommender]: sampleProducts(2), [ID.cart]: sampleProducts(1), [ID.restock]: sampleProducts(1) },
    listing: { [ID.listed]: sampleProducts(1)[0] },
    lists: { [ID.list]: sampleListItems(2) },
    order: SAMPLE_ORDER,
    discounts: { [ID["dynamic-discount"]]: "VIP-ABCDEFGH" },
  });
  return html;
}

async function open(page: Page, width: number, html: string) {
  await page.setViewportSize({ width, height: 900 });
  // Images point at example hosts: answer them with nothing instead of waiting on the network.
  await page.route("**/*", (route) =>
    route.request().resourceType() === "document" ? route.continue() : route.fulfill({ status: 204, body: "" }),
  );
  await page.setContent(html, { waitUntil: "load" });
}

async function boxes(page: Page) {
  const left = await page.getByText("Left column", { exact: true }).boundingBox();
  const right = await page.getByText("Right column", { exact: true }).boundingBox();
  if (!left || !right) throw new Error("columns not rendered");
  return { left, right };
}

test("two columns side by side at 600px", async ({ page }) => {
  await open(page, 600, await renderedHtml());
  const { left, right } = await boxes(page);
  expect(Math.abs(left.y - right.y)).toBeLessThan(2);
  expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
  await expect(page.getByText("Hello Ana!")).toBeVisible();
  await expect(page.getByText("Desktop only line")).toBeVisible();
  await expect(page.getByText("Mobile only line")).toBeHidden();
  await page.screenshot({ path: "artifacts/screenshots/render-600.png", fullPage: true });
});

test("the same columns stacked at 375px", async ({ page }) => {
  await open(page, 375, await renderedHtml());
  const { left, right } = await boxes(page);
  expect(right.y).toBeGreaterThan(left.y + left.height);
  expect(Math.abs(left.x - right.x)).toBeLessThan(2);
  await expect(page.getByText("Mobile only line")).toBeVisible();
  await expect(page.getByText("Desktop only line")).toBeHidden();
  await page.screenshot({ path: "artifacts/screenshots/render-375.png", fullPage: true });
});
