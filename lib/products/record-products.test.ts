import { describe, expect, it } from "vitest";
import { mergeFacts, productFacts } from "./record-products";

const at = new Date("2026-11-22T10:00:00Z");
const later = new Date("2026-11-22T10:05:00Z");

describe("productFacts", () => {
  it("takes a viewed product's id, title, url and optional extras, and counts a view", () => {
    const [fact] = productFacts({
      brandId: "b",
      eventName: "viewed product",
      eventVersion: "v1",
      receivedAt: at,
      properties: { productID: "p1", productTitle: "Shirt", url: "https://s/p1", productPrice: 10, categories: ["a"] },
    });
    expect(fact).toMatchObject({ productId: "p1", title: "Shirt", url: "https://s/p1", price: 10, categories: ["a"], views: 1, orders: 0 });
  });

  it("counts ordered units from placed order line items, not from carts", () => {
    const line = { productID: "p1", productQuantity: 3, productPrice: 5 };
    expect(
      productFacts({ brandId: "b", eventName: "placed order", eventVersion: "v1", receivedAt: at, properties: { lineItems: [line] } })[0]
        .orders,
    ).toBe(3);
    expect(
      productFacts({
        brandId: "b",
        eventName: "added product to cart",
        eventVersion: "v1",
        receivedAt: at,
        properties: { lineItems: [line] },
      })[0].orders,
    ).toBe(0);
  });

  it("marks back-in-stock products in stock; custom events carry no product data", () => {
    expect(
      productFacts({
        brandId: "b",
        eventName: "product back in stock",
        eventVersion: "v1",
        receivedAt: at,
        properties: { productID: "p" },
      })[0].inStock,
    ).toBe(true);
    expect(
      productFacts({ brandId: "b", eventName: "viewed product", eventVersion: null, receivedAt: at, properties: { productID: "p" } }),
    ).toEqual([]);
  });
});

describe("mergeFacts", () => {
  it("keeps one fact per product: later values win, counters add up, unknown values do not erase known ones", () => {
    const merged = mergeFacts([
      { brandId: "b", productId: "p", seenAt: at, title: "Old", price: 5, views: 1, orders: 0 },
      { brandId: "b", productId: "p", seenAt: later, title: "New", views: 1, orders: 2 },
      { brandId: "c", productId: "p", seenAt: at, views: 1, orders: 0 },
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ title: "New", price: 5, seenAt: later, views: 2, orders: 2 });
  });
});
