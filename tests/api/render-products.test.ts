// Send-time product content on real stored events: every event goes through POST /api/events and the
// server's events worker, which fills ContactEvent and Product; the strategies then read those rows.
import { isCheck } from "@/lib/templates/checks/check";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { backInStockProducts } from "@/lib/products/back-in-stock";
import { cartProducts } from "@/lib/products/cart";
import { recommendProducts, STRATEGIES } from "@/lib/products/recommend";
import { createTestBrand, type TestBrand } from "./helpers";
import { addedToCart, contactIdOf, createTemplate, line, ordered, render, sendEvents, viewed } from "./render-helpers";

let shop: TestBrand;
let brand: { id: string; plan: string; features: unknown };
const ids: Record<string, string> = {};
const titles = (products: { productID: string }[]) => products.map((p) => p.productID);

const catalog: Array<[string, string[], number, boolean?]> = [
  ["p1", ["shoes"], 50],
  ["p2", ["shoes"], 20],
  ["p3", ["hats"], 30],
  ["p4", ["hats"], 80, false],
  ["p5", ["bags"], 100],
  ["p6", ["hats"], 60, false],
];

beforeAll(async () => {
  shop = await createTestBrand({ plan: "pro" });
  brand = { id: shop.brandId, plan: "pro", features: { personalizedRecommender: true } };
  // One event per product, each processed before the next, so firstSeenAt orders them p1 < ... < p6.
  for (const [id, categories, price, inStock] of catalog) {
    await sendEvents(shop.key, shop.brandId, [
      viewed("scout@example.com", id, {
        categories,
        productPrice: price,
        productImageURL: `https://cdn.example.com/${id}.png`,
        ...(inStock === false ? { inStock } : {}),
      }),
    ]);
  }
  await sendEvents(shop.key, shop.brandId, [
    // views: p3 by three more contacts, p1 by one more → mostViewed p3 (4), p1 (2), then the rest (1 each)
    viewed("v1@example.com", "p3"),
    viewed("v2@example.com", "p3"),
    viewed("v3@example.com", "p3"),
    viewed("v1@example.com", "p1"),
    // orders: p2 × 5 and p1 × 1 recently; p3 × 10 four months ago (outside a 1-month window)
    ordered("buyer@example.com", "o1", [line("p2", 5, 20), line("p1", 1, 50)], 60 * 24),
    ordered("old@example.com", "o0", [line("p3", 10, 30)], 60 * 24 * 120),
    // fan bought p1 (shoes) yesterday and viewed p5, then p3
    ordered("fan@example.com", "o2", [line("p1", 1, 50)], 60 * 24),
    viewed("fan@example.com", "p5", {}, 30),
    viewed("fan@example.com", "p3", {}, 10),
    // carter's cart is open; closer ordered after adding to cart
    addedToCart("carter@example.com", [line("p1", 2, 50), line("p5", 1, 100)], 20),
    addedToCart("closer@example.com", [line("p2", 1, 20)], 20),
    ordered("closer@example.com", "o3", [line("p2", 1, 20)], 5),
    // waiter looked at p4 while it was out of stock
    viewed("waiter@example.com", "p4", {}, 15),
  ]);
  for (const email of ["fan", "carter", "closer", "waiter", "scout"]) ids[email] = await contactIdOf(shop.brandId, `${email}@example.com`);
}, 120_000);

describe("recommender strategies", () => {
  it("newest: first seen last comes first; out-of-stock products are left out", async () => {
    expect(titles(await recommendProducts(brand, null, { type: "newest" }, 12))).toEqual(["p5", "p3", "p2", "p1"]);
  });

  it("popular: most units in placed orders; with recencyMonths only orders in the window count", async () => {
    expect(titles(await recommendProducts(brand, null, { type: "popular" }, 3))).toEqual(["p3", "p2", "p1"]);
    const windowed = await STRATEGIES.popular(
      { brandId: shop.brandId, contactId: null, now: new Date() },
      { type: "popular", recencyMonths: 1 },
    );
    expect(windowed.map((r) => r.productId)).toEqual(["p2", "p1"]);
  });

  it("mostViewed: most views by all contacts (ties by product id)", async () => {
    expect(titles(await recommendProducts(brand, null, { type: "mostViewed" }, 4))).toEqual(["p3", "p1", "p5", "p2"]);
  });

  it("recentlyViewed: the recipient's own views, latest first", async () => {
    expect(titles(await recommendProducts(brand, ids.fan, { type: "recentlyViewed" }, 2))).toEqual(["p3", "p5"]);
  });

  it("personalized: same categories as the recipient's purchases, not what they bought", async () => {
    expect(titles(await recommendProducts(brand, ids.fan, { type: "personalized" }, 1))).toEqual(["p2"]);
  });

  it("a strategy that yields nothing uses fallbackType", async () => {
    expect(titles(await recommendProducts(brand, ids.carter, { type: "recentlyViewed", fallbackType: "popular" }, 2))).toEqual([
      "p3",
      "p2",
    ]);
  });

  it("filters: categories, excluded products, price, out of stock, recent purchases", async () => {
    const run = (rec: Record<string, unknown>, contact: string | null = null) =>
      recommendProducts(brand, contact, { type: "newest", ...rec }, 12).then(titles);
    expect(await run({ includeCategories: ["hats"] })).toEqual(["p3"]);
    expect(await run({ excludeCategories: ["shoes"] })).toEqual(["p5", "p3"]);
    expect(await run({ excludeProducts: ["p5", "p2"] })).toEqual(["p3", "p1"]);
    expect(await run({ priceFrom: 40 })).toEqual(["p5", "p1"]);
    expect(await run({ isOutOfStockIncluded: true })).toEqual(["p6", "p5", "p4", "p3", "p2", "p1"]);
    expect(await run({ purchaseExclusionDays: 7 }, ids.fan)).toEqual(["p5", "p3", "p2"]);
    expect(await run({ purchaseExclusionDays: 7 }, ids.carter)).toEqual(["p5", "p3", "p2", "p1"]);
  });

  it("fills one product per slot, at most 12", async () => {
    expect(await recommendProducts(brand, null, { type: "newest" }, 2)).toHaveLength(2);
    expect((await recommendProducts(brand, null, { type: "newest", isOutOfStockIncluded: true }, 50)).length).toBeLessThanOrEqual(12);
  });
});

describe("plan rule", () => {
  it("without the feature, personalized and recentlyViewed use fallbackType, without error", async () => {
    const standard = { ...brand, plan: "standard", features: {} };
    expect(titles(await recommendProducts(standard, ids.fan, { type: "personalized", fallbackType: "mostViewed" }, 3))).toEqual([
      "p3",
      "p1",
      "p5",
    ]);
    expect(titles(await recommendProducts(standard, ids.fan, { type: "recentlyViewed", fallbackType: "popular" }, 2))).toEqual([
      "p3",
      "p2",
    ]);
    expect(titles(await recommendProducts(standard, ids.fan, { type: "recentlyViewed" }, 2))).toEqual(["p5", "p3"]);
  });

  it("applies through the render endpoint too", async () => {
    const { id } = await createTemplate(shop.key, {
      sections: [
        {
          id: "rec",
          type: "product_recommender",
          productRecommender: { type: "personalized", fallbackType: "mostViewed" },
          rows: [{ id: "r", columns: [{ id: "c", blocks: [{ id: "slot1", type: "product" }] }] }],
        },
      ],
    });
    const pro = await render(shop.key, id, { contactID: ids.fan });
    expect(pro.res.status).toBe(200);
    expect(pro.body.html).toContain("Product p2");
    await db.brand.update({ where: { id: shop.brandId }, data: { plan: "standard", features: { personalizedRecommender: false } } });
    try {
      const standard = await render(shop.key, id, { contactID: ids.fan });
      expect(standard.res.status).toBe(200);
      expect(standard.body.html).toContain("Product p3");
      expect(standard.body.html).not.toContain("Product p2");
    } finally {
      await db.brand.update({ where: { id: shop.brandId }, data: { plan: "pro", features: { personalizedRecommender: true } } });
    }
  });
});

describe("cart recovery", () => {
  it("fills slots from the latest cart not followed by an order", async () => {
    const cart = await cartProducts(shop.brandId, ids.carter, 12);
    expect(cart.map((p) => [p.productID, p.price, p.url])).toEqual([
      ["p1", "$50.00", "https://shop.example.com/checkout/abc"],
      ["p5", "$100.00", "https://shop.example.com/checkout/abc"],
    ]);
    expect(await cartProducts(shop.brandId, ids.closer, 12)).toEqual([]);
  });

  it("renders the cart in a product_cart_recovery section", async () => {
    const { id } = await createTemplate(shop.key, {
      sections: [
        {
          id: "cart",
          type: "product_cart_recovery",
          rows: [
            {
              id: "r",
              columns: [
                { id: "c1", blocks: [{ id: "s1", type: "product" }] },
                { id: "c2", blocks: [{ id: "s2", type: "product" }] },
                { id: "c3", blocks: [{ id: "s3", type: "product" }] },
              ],
            },
          ],
        },
      ],
    });
    const { body } = await render(shop.key, id, { email: "carter@example.com" });
    expect(body.html).toContain("Product p1");
    expect(body.html).toContain("Product p5");
    expect(body.html.match(/https:\/\/shop\.example\.com\/checkout\/abc/g)?.length).toBeGreaterThanOrEqual(2);
    const closed = await render(shop.key, id, { email: "closer@example.com" });
    expect(closed.body.html).not.toContain("Product p2");
  });
});

describe("back in stock", () => {
  it("shows products the recipient viewed once they are back in stock", async () => {
    expect(await backInStockProducts(shop.brandId, ids.waiter, 12)).toEqual([]);
    await sendEvents(shop.key, shop.brandId, [
      { eventName: "product back in stock", email: "scout@example.com", properties: { productID: "p4", productTitle: "Product p4" } },
    ]);
    expect(titles(await backInStockProducts(shop.brandId, ids.waiter, 12))).toEqual(["p4"]);
    expect(await backInStockProducts(shop.brandId, ids.carter, 12)).toEqual([]);
  });
});

describe("dynamic list and order blocks", () => {
  it("repeat over the recipient's latest order", async () => {
    const { id } = await createTemplate(shop.key, {
      sections: [
        {
          id: "list",
          type: "dynamic_list",
          settings: { dynamicList: { listPath: "order.products" } },
          rows: [
            {
              id: "r",
              columns: [
                { id: "c", blocks: [{ id: "t", type: "text", text: "<p>Line: [[item.productTitle]] x [[item.productQuantity]]</p>" }] },
              ],
            },
          ],
        },
        {
          id: "order",
          rows: [
            {
              id: "r2",
              columns: [
                {
                  id: "c2",
                  blocks: [
                    { id: "os", type: "orderSummary" },
                    { id: "ot", type: "orderTotal" },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const { body } = await render(shop.key, id, { email: "closer@example.com" });
    expect(body.warnings.filter((w: any) => !isCheck(w))).toEqual([]);
    expect(body.html).toContain("Line: Product p2 x 1");
    expect(body.html).toContain("#o3");
    expect(body.html).toContain("$20.00");
  });
});
