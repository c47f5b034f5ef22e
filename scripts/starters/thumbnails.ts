// `npm run starters:thumbnails`: draws the starters' pictures (art.ts → public/starters/*.png), renders
// every starter with the real renderer on sample data, and photographs the top of each email in Chromium
// (public/starters/thumbnails/*.jpg). The manifest (components/templates/starter-thumbnails.json) records
// each starter's fingerprint, which starters.test.ts checks.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { THUMBNAIL_ORIGIN, starterDocument, starterHash } from "./starter-hash";

process.env.APP_URL ??= THUMBNAIL_ORIGIN;
const root = path.resolve(import.meta.dirname, "../..");
const publicDir = path.join(root, "public/starters");
const manifestPath = path.join(root, "components/templates/starter-thumbnails.json");

async function main() {
  // Imported after APP_URL is set: the renderer makes image paths absolute with it.
  const { ART } = await import("./art");
  const { STARTERS } = await import("@/components/templates/starters");
  const { renderDocument } = await import("@/lib/templates/render/render-document");
  const { SAMPLE_CONTACT, SAMPLE_ORDER, sampleProducts } = await import("@/lib/templates/render/sample-data");

  fs.mkdirSync(path.join(publicDir, "thumbnails"), { recursive: true });
  const executablePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const artPage = await browser.newPage();
    for (const art of ART) {
      await artPage.setViewportSize({ width: art.width, height: art.height });
      await artPage.setContent(
        `<html><body style="margin:0"><svg xmlns="http://www.w3.org/2000/svg" width="${art.width}" height="${art.height}" viewBox="0 0 ${art.width} ${art.height}">${art.svg}</svg></body></html>`,
      );
      await artPage.screenshot({ path: path.join(publicDir, `${art.name}.png`), omitBackground: art.name.startsWith("logo") });
    }

    const product = `${THUMBNAIL_ORIGIN}/starters/product.png`;
    const products = (n: number) =>
      sampleProducts(n).map((p, i) => ({
        ...p,
        title: ["Linen shirt", "Ceramic mug", "Wool scarf", "Canvas tote"][i % 4],
        imageUrl: product,
      }));
    const context = await browser.newContext({ viewport: { width: 600, height: 760 }, deviceScaleFactor: 0.6 });
    // The email's own pictures come from public/; anything else (sample data's) gets the product picture.
    await context.route("**/*", (route) => {
      const url = new URL(route.request().url());
      const file = url.origin === THUMBNAIL_ORIGIN ? path.join(root, "public", url.pathname) : path.join(publicDir, "product.png");
      return fs.existsSync(file) ? route.fulfill({ path: file }) : route.fulfill({ status: 404, body: "" });
    });
    const page = await context.newPage();
    const manifest: Record<string, string> = {};
    for (const starter of STARTERS) {
      const doc = starterDocument(starter);
      const slots: Record<string, ReturnType<typeof products>> = {};
      for (const s of doc.sections)
        if (s.type && s.type.startsWith("product_"))
          slots[s.id] = products(s.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks)).length);
      const discounts: Record<string, string> = {};
      for (const s of doc.sections)
        for (const r of s.rows)
          for (const c of r.columns) for (const b of c.blocks) if (b.type === "dynamicDiscount") discounts[b.id] = "ALEX-20-SPRING";
      const rendered = await renderDocument(
        {
          id: starter.id.padEnd(24, "0").slice(0, 24),
          name: doc.name,
          updatedAt: "2026-01-01T00:00:00.000Z",
          generalSettings: doc.generalSettings,
          sections: doc.sections,
        } as never,
        {
          contact: SAMPLE_CONTACT,
          hidden: [],
          slots,
          listing: {},
          lists: {},
          order: { ...SAMPLE_ORDER, items: SAMPLE_ORDER.items.map((i) => ({ ...i, imageUrl: product })) },
          discounts,
          brand: { name: "Your brand", postalAddress: "1 Market Street, Springfield" },
          links: { unsubscribe: "#", preferences: "#", viewInBrowser: "#" },
        },
      );
      const html =
        starter.id === "blank"
          ? `<html><body style="margin:0;background:#f0f1f5;display:grid;place-items:center;height:100vh;font:600 40px Helvetica,Arial,sans-serif;color:#9ca3af">+</body></html>`
          : rendered.html;
      await page.setContent(html, { waitUntil: "load" });
      await page.screenshot({ path: path.join(publicDir, "thumbnails", `${starter.id}.jpg`), type: "jpeg", quality: 80 });
      manifest[starter.id] = starterHash(starter);
      console.log(
        `${starter.id}: ${rendered.warnings.length} warning(s)${rendered.warnings.length ? `: ${rendered.warnings.map((w) => w.message).join("; ")}` : ""}`,
      );
    }
    fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
