// The image library in the editor: upload by dropping a file on the library panel, place the image in an
// image block, drop a file straight onto an image block, search by name, and the warning before deleting
// an image a template uses. The rendered email points at the public base URL (APP_URL).
import { expect, test, type Locator, type Page } from "@playwright/test";
import zlib from "node:zlib";
import { blocks, canvas, drag, expectSaved, shoot, signUp } from "./editor-helpers";

test.describe.configure({ mode: "serial" });

let page: Page;
let templateId = "";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
  return Buffer.concat([length, Buffer.from(type), data, crc]);
}

/** A real PNG of one colour. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const data = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", data),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Drops a file on `target` the way a browser does when a person drags it in from their desktop. */
async function dropFile(target: Locator, name: string, bytes: Buffer, type = "image/png") {
  const transfer = await target.page().evaluateHandle(
    ({ name, base64, type }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { name, base64: bytes.toString("base64"), type },
  );
  await target.dispatchEvent("dragenter", { dataTransfer: transfer });
  await target.dispatchEvent("dragover", { dataTransfer: transfer });
  await target.dispatchEvent("drop", { dataTransfer: transfer });
}

async function render(): Promise<string> {
  const res = await page.request.post(`/api/email-templates/${templateId}/render`, {
    headers: { "Service-Version": "2026-03-15", Origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).html;
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signUp(page, "assets");
  await page.getByRole("button", { name: "New template" }).click();
  await page.getByRole("dialog", { name: "New template" }).getByLabel("Name").fill("Summer sale");
  await page.getByRole("button", { name: "Create and edit" }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f]{24}$/);
  templateId = page.url().split("/").pop()!;
  const palette = page.getByRole("navigation", { name: "Palette" });
  await drag(page, palette.locator('[data-palette-id="section-1"]'), canvas(page));
  await drag(page, palette.locator('[data-palette-id="block-image"]'), canvas(page).locator(".ed-column").first());
  await expect(blocks(page)).toHaveCount(1);
  await expectSaved(page);
});

test.afterAll(async () => {
  await page.close();
});

test("a new image block's placeholder is on the public base URL", async () => {
  expect(await render()).toContain(`${process.env.APP_URL ?? new URL(page.url()).origin}/editor-placeholder.svg`);
});

test("uploads an image by dropping it on the library, places it in the image block, and the email points at the public base URL", async () => {
  await page.getByRole("tab", { name: "Images" }).click();
  const library = page.getByRole("region", { name: "Image library" });
  await expect(library.getByText("No images yet")).toBeVisible();
  await dropFile(page.getByTestId("image-drop-zone"), "beach-hero.png", png(60, 40, [20, 120, 200]));
  const grid = library.getByRole("list", { name: "Images" });
  await expect(grid.getByRole("img", { name: "beach-hero" })).toBeVisible();
  await expect(grid).toContainText("60×40");
  await shoot(page, "asset-library");

  // The image block just dropped in is the selection: "Use" places the image in it.
  await expect(page.getByRole("group", { name: "Images" })).toContainText("Choose “Use” to place an image in the selected image block.");
  await library.getByRole("button", { name: "Use beach-hero" }).click();
  await expect(page.locator(".ed-notice")).toContainText("Placed “beach-hero”");
  await expectSaved(page);

  const html = await render();
  const src = html.match(/<img[^>]+src="([^"]+\/images\/[^"]+)"/)?.[1];
  expect(src, html.slice(0, 500)).toBeDefined();
  // The public base URL (APP_URL of the test server), never the host a request came in on.
  expect(src!.startsWith(`${new URL(page.url()).origin}/images/`)).toBe(true);
  expect(html).toContain('alt="beach-hero"');
  const image = await page.request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect(image.headers()["cache-control"]).toContain("immutable");
});

test("dropping a file onto an image block uploads it and places it there", async () => {
  await dropFile(blocks(page).first(), "sunset.png", png(30, 30, [230, 120, 20]));
  await expect(page.locator(".ed-notice")).toContainText("Placed “sunset”");
  await expect(blocks(page).first().locator("img")).toHaveAttribute("src", /\/images\/[0-9a-f]{24}-[0-9a-f]{16}\.png$/);
  await expectSaved(page);
  expect(await render()).toMatch(/\/images\/[0-9a-f]{24}-[0-9a-f]{16}\.png/);
  await expect(page.getByRole("region", { name: "Image library" }).getByRole("img", { name: "sunset" })).toBeVisible();
});

test("refuses a file that is not an image, and says why", async () => {
  await dropFile(page.getByTestId("image-drop-zone"), "notes.txt", Buffer.from("hello"), "text/plain");
  await expect(page.getByRole("list", { name: "Uploads" })).toContainText("notes.txt is not a JPEG, PNG, GIF or WebP image");
});

test("searches by name", async () => {
  const library = page.getByRole("region", { name: "Image library" });
  await library.getByLabel("Search images").fill("BEACH");
  await expect(library.getByRole("list", { name: "Images" }).getByRole("img")).toHaveCount(1);
  await expect(library.getByRole("img", { name: "beach-hero" })).toBeVisible();
  await library.getByLabel("Search images").fill("nothing like this");
  await expect(library.getByText("No image name contains")).toBeVisible();
  await library.getByLabel("Search images").fill("");
});

test("warns before deleting an image a template uses, and deletes one nobody uses", async () => {
  const library = page.getByRole("region", { name: "Image library" });
  await library.getByRole("button", { name: "Delete sunset" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete image" });
  await expect(dialog).toContainText("is used in 1 place: template “Summer sale”");
  await shoot(page, "asset-delete-warning");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(library.getByRole("img", { name: "sunset" })).toBeVisible();

  await library.getByRole("button", { name: "Delete beach-hero" }).click();
  await expect(dialog).toContainText("is not used in any template");
  await dialog.getByRole("button", { name: "Delete image" }).click();
  await expect(library.getByRole("img", { name: "beach-hero" })).toHaveCount(0);
});

test("a background image chosen from the library is saved as the published backgroundImageID and drawn from the public base URL", async () => {
  const origin = new URL(page.url()).origin;
  await page.getByRole("tab", { name: "Selection" }).click();
  await blocks(page).first().click();
  await page.getByTestId("breadcrumb").getByRole("button", { name: "Section 1" }).click();
  const panel = page.getByRole("complementary", { name: "Properties" });
  const background = panel.locator("details.ed-group").filter({ has: page.locator("summary", { hasText: /^Background/ }) });
  await background.locator("summary").click();
  await background.getByRole("button", { name: "Choose from your library…" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose a background image" });
  await dialog.getByRole("button", { name: "Use sunset" }).click();
  await expect(dialog).toBeHidden();
  await expect(background.getByTestId("library-background")).toBeVisible();
  await expect(canvas(page).locator(".ed-section:not([data-locked])").first()).toHaveCSS(
    "background-image",
    /\/image\/newsletter\/[0-9a-f]{24}/,
  );
  await expectSaved(page);
  await shoot(page, "asset-background");

  const headers = { "Service-Version": "2026-03-15" };
  const [sunset] = (await (await page.request.get("/api/images?nameContains=sunset", { headers })).json()).images;
  const template = await (await page.request.get(`/api/email-templates/${templateId}`, { headers })).json();
  const section = template.sections.find((s: { type?: string }) => s.type !== "badge");
  expect(section.styleProperties).toMatchObject({ backgroundImageID: sunset.id });
  expect(section.styleProperties).not.toHaveProperty("backgroundImage");
  expect(await render()).toContain(`${origin}/image/newsletter/${sunset.id}`);

  // A typed address replaces the library image (kept as the address extra; the id would win over it)
  await background.getByLabel("Background image", { exact: true }).fill("https://cdn.example.com/paper.png");
  await expectSaved(page);
  const typed = await (await page.request.get(`/api/email-templates/${templateId}`, { headers })).json();
  expect(typed.sections.find((s: { type?: string }) => s.type !== "badge").styleProperties).toMatchObject({
    backgroundImage: "https://cdn.example.com/paper.png",
  });
  expect(typed.sections.find((s: { type?: string }) => s.type !== "badge").styleProperties).not.toHaveProperty("backgroundImageID");
});
