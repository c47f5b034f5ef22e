// Product sections read the store's catalog (POST /api/products) first and events second; a product
// without a link or an image is left out and named in the render warnings (never a "#" button).
import { beforeAll, describe, expect, it } from "vitest";
import { isCheck } from "@/lib/templates/checks/check";
import { backInStockProducts } from "@/lib/products/back-in-stock";
import { cartProducts } from "@/lib/products/cart";
import { recommendProducts } from "@/lib/products/recommend";
import { api, createTestBrand, type TestBrand } from "./helpers";
import { addedToCart, contactIdOf, createTemplate, line, render, sendEvents, viewed } from "./render-helpers";

// The pre-send checks (alt text, unsubscribe link, ...) have their own tests (pre-send-checks.test.ts).
const productWarnings = (body: { warnings: { code: string }[] }) => body.warnings.filter((w) => !isCheck(w));

let shop: TestBrand;
let brand: { id: string; plan: string; features: unknown };

const product = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Catalog ${id}`,
  url: `https://store.example.com/products/${id}`,
  currency: "EUR",
  status: "inStock",
  defaultImageUrl: `https://images.store.example.com/${id}.jpg`,
  description: `About ${id}`,
  variants: [{ id: `${id}-v`, title: "Default", url: `https://store.example.com/products/${id}`, price: 12.5 }],
  ...extra,
});

async function putProduct(body: Record<string, unknown>, method = "POST") {
  const path = method === "POST" ? "/api/products" : `/api/products/${encodeURIComponent(String(body.id))}`;
  const res = await api(path, { key: shop.key, method, body });
  expect(res.status, await res.clone().text()).toBe(method === "POST" ? 201 : 200);
}

const slotTemplate = (type: string, extra: Record<string, unknown> = {}, slots = 3) => ({
  sections: [
    {
      id: "products",
      type,
      ...extra,
      rows: [
        { id: "r", columns: Array.from({ length: slots }, (_, i) => ({ id: `c${i}`, blocks: [{ id: `slot${i}`, type: "product" }] })) },
      ],
    },
  ],
});

beforeAll(async () => {
  shop = await createTestBrand({ plan: "pro" });
  brand = { id: shop.brandId, plan: "pro", features: { personalizedRecommender: true } };
  // Events know e1 (with an image) and cat-1 (as "Event title", no image); the catalog knows cat-1..3.
  await sendEvents(shop.key, shop.brandId, [
    viewed("scout@example.com", "e1", { productImageURL: "https://cdn.example.com/e1.png" }),
    viewed("scout@example.com", "cat-1", { productTitle: "Event title" }),
  ]);
  await putProduct(product("cat-1", { createdAt: "2026-01-01T00:00:00Z" }));
  await putProduct(product("cat-2", { createdAt: "2026-02-01T00:00:00Z" }));
  await putProduct(product("cat-3", { createdAt: "2026-03-01T00:00:00Z", status: "notAvailable" }));
}, 60_000);

describe("catalog first, events second", () => {
  it("newest: the catalog's products by the store's createdAt, then products only events know; unavailable ones never", async () => {
    const products = await recommendProducts(brand, null, { type: "newest" }, 12);
    expect(products.map((p) => p.productID)).toEqual(["cat-2", "cat-1", "e1"]);
    expect(products[1]).toEqual({
      productID: "cat-1",
      title: "Catalog cat-1",
      price: "€12.50",
      url: "https://store.example.com/products/cat-1",
      imageUrl: "https://images.store.example.com/cat-1.jpg",
      description: "About cat-1",
    });
  });

  it("mostViewed ranks by events but shows the catalog's product", async () => {
    const [top] = await recommendProducts(brand, null, { type: "mostViewed" }, 1);
    expect(top.title).toBe("Catalog cat-1");
  });

  it("a preview as a contact shows catalog products with their real images, prices and links", async () => {
    const { id } = await createTemplate(shop.key, slotTemplate("product_recommender", { productRecommender: { type: "newest" } }));
    const { res, body } = await render(shop.key, id, { email: "scout@example.com" });
    expect(res.status).toBe(200);
    expect(body.html).toContain("Catalog cat-2");
    expect(body.html).toContain("https://images.store.example.com/cat-2.jpg");
    expect(body.html).toContain("https://store.example.com/products/cat-2");
    expect(body.html).toContain("€12.50");
    expect(productWarnings(body)).toEqual([]);
  });

  it("products_listing: a listed product is the catalog's (not what events said), and one only the catalog knows is shown", async () => {
    const listing = {
      sections: [
        {
          id: "listing",
          type: "products_listing",
          rows: [
            {
              id: "r",
              columns: ["cat-1", "cat-2"].map((productID) => ({
                id: `c-${productID}`,
                blocks: [{ id: `listed-${productID}`, type: "product", product: { productID } }],
              })),
            },
          ],
        },
      ],
    };
    const { id } = await createTemplate(shop.key, listing);
    const { res, body } = await render(shop.key, id, { email: "scout@example.com" });
    expect(res.status).toBe(200);
    // cat-1: events know it as "Event title" without an image; the catalog's title, image, price and link win
    expect(body.html).toContain("Catalog cat-1");
    expect(body.html).not.toContain("Event title");
    expect(body.html).toContain("https://images.store.example.com/cat-1.jpg");
    expect(body.html).toContain("https://store.example.com/products/cat-1");
    // cat-2: no event ever named it
    expect(body.html).toContain("Catalog cat-2");
    expect(body.html).toContain("https://images.store.example.com/cat-2.jpg");
    expect(productWarnings(body)).toEqual([]);
  });

  it("back in stock: a catalog product whose status comes back to inStock", async () => {
    await sendEvents(shop.key, shop.brandId, [viewed("waiting@example.com", "cat-2")]);
    const waiting = await contactIdOf(shop.brandId, "waiting@example.com");
    expect(await backInStockProducts(shop.brandId, waiting, 3)).toEqual([]);
    await putProduct(product("cat-2", { status: "outOfStock" }), "PUT");
    expect(await recommendProducts(brand, null, { type: "newest" }, 12).then((p) => p.map((x) => x.productID))).not.toContain("cat-2");
    await putProduct(product("cat-2", { status: "inStock" }), "PUT");
    expect((await backInStockProducts(shop.brandId, waiting, 3)).map((p) => p.productID)).toEqual(["cat-2"]);
  });

  it("cart recovery: the catalog's title, image and price, the cart's checkout link", async () => {
    await sendEvents(shop.key, shop.brandId, [addedToCart("cart@example.com", [line("cat-1", 1, 99)])]);
    const carter = await contactIdOf(shop.brandId, "cart@example.com");
    const [item] = await cartProducts(shop.brandId, carter, 3);
    expect(item).toMatchObject({
      productID: "cat-1",
      title: "Catalog cat-1",
      price: "€12.50",
      imageUrl: "https://images.store.example.com/cat-1.jpg",
      url: "https://shop.example.com/checkout/abc",
    });
  });
});

describe("products without a link or an image", () => {
  it("a product without a product page link is skipped in recommendations and in a listing, and named in the warnings", async () => {
    const bare = await createTestBrand({ plan: "pro" });
    // Known from events only: "no-link" has an image but no page URL.
    await sendEvents(bare.key, bare.brandId, [
      viewed("y@example.com", "no-link", { url: undefined, productImageURL: "https://cdn.example.com/no-link.png" }),
      viewed("y@example.com", "has-link", { productImageURL: "https://cdn.example.com/has-link.png" }),
    ]);
    const recommender = slotTemplate("product_recommender", { productRecommender: { type: "newest" } }, 2).sections[0];
    const listing = {
      id: "listing",
      type: "products_listing",
      rows: [{ id: "lr", columns: [{ id: "lc", blocks: [{ id: "listed", type: "product", product: { productID: "no-link" } }] }] }],
    };
    const { id } = await createTemplate(bare.key, { sections: [recommender, listing] });
    const { res, body } = await render(bare.key, id);
    expect(res.status).toBe(200);
    expect(body.html).toContain("Product has-link");
    expect(body.html).not.toContain("Product no-link");
    expect(body.html).not.toContain("https://cdn.example.com/no-link.png");
    expect(body.html).not.toMatch(/href="#"/);
    const skipped = (productWarnings(body) as { code: string; productID?: string }[]).filter((w) => w.code === "product-skipped");
    expect(skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productID: "no-link", pointer: "/sections/0", message: expect.stringContaining("no product page URL") }),
        expect.objectContaining({ productID: "no-link", pointer: "/sections/1", message: expect.stringContaining("no product page URL") }),
      ]),
    );
    expect(skipped.every((w) => w.productID === "no-link")).toBe(true);
  });

  it("are skipped in recommendations and named in the render warnings; no card links to #", async () => {
    const bare = await createTestBrand({ plan: "pro" });
    // Known from events only, without an image.
    await sendEvents(bare.key, bare.brandId, [
      viewed("x@example.com", "no-image"),
      viewed("x@example.com", "has-image", { productImageURL: "https://cdn.example.com/ok.png" }),
    ]);
    const { id } = await createTemplate(bare.key, slotTemplate("product_recommender", { productRecommender: { type: "newest" } }, 2));
    const { body } = await render(bare.key, id);
    expect(body.html).toContain("Product has-image");
    expect(body.html).not.toContain("Product no-image");
    expect(body.html).not.toMatch(/href="#"/);
    expect(productWarnings(body)).toEqual([
      expect.objectContaining({
        code: "product-skipped",
        productID: "no-image",
        pointer: "/sections/0",
        message: expect.stringContaining("no image"),
      }),
    ]);
    // The same product sent to the catalog with an image is shown.
    const fixed = await api("/api/products", { key: bare.key, body: product("no-image", { title: "Now with image" }) });
    expect(fixed.status).toBe(201);
    const again = (await render(bare.key, id)).body;
    expect(again.html).toContain("Now with image");
    expect(productWarnings(again)).toEqual([]);
  });
});
