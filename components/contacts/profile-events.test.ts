import { describe, expect, it } from "vitest";
import { EVENT_CATALOG } from "@/lib/events/catalog";
import {
  eventKind,
  eventLabel,
  filterQuery,
  hasFilters,
  NO_FILTERS,
  otherProperties,
  rangeProblem,
  readCommerce,
  readProduct,
  safeUrl,
} from "./profile-events";
import { historyEntries } from "./profile-history";

describe("event names in a marketer's words", () => {
  it("gives every catalog event a label and a kind other than custom", () => {
    for (const { eventName } of EVENT_CATALOG) {
      expect(eventLabel(eventName), eventName).not.toBe(eventName);
      expect(eventKind(eventName), eventName).not.toBe("custom");
    }
  });

  it("keeps a custom event's own name (and names are case-sensitive, as the API's)", () => {
    expect(eventLabel("wishlist added")).toBe("wishlist added");
    expect(eventKind("Placed order")).toBe("custom");
    expect(eventKind("placed order")).toBe("order");
    expect(eventKind("started checkout")).toBe("cart");
  });
});

describe("reading event properties", () => {
  it("reads a cart's line items, total and checkout link", () => {
    const cart = readCommerce({
      currency: "EUR",
      value: 59.5,
      cartID: "c-1",
      abandonedCheckoutURL: "https://shop.example.com/cart/c-1",
      lineItems: [
        {
          productID: "sku-1",
          productTitle: "Linen shirt",
          productPrice: 39.5,
          productQuantity: 1,
          productImageURL: "https://cdn.example.com/1.png",
          productURL: "https://shop.example.com/p/1",
        },
        { productID: "sku-2", productPrice: 10, productQuantity: 2 },
        "not an item",
      ],
    });
    expect(cart).toMatchObject({ currency: "EUR", value: 59.5, cartId: "c-1", checkoutUrl: "https://shop.example.com/cart/c-1" });
    expect(cart.items).toEqual([
      {
        id: "sku-1",
        title: "Linen shirt",
        price: 39.5,
        quantity: 1,
        url: "https://shop.example.com/p/1",
        imageUrl: "https://cdn.example.com/1.png",
      },
      { id: "sku-2", title: undefined, price: 10, quantity: 2, url: undefined, imageUrl: undefined },
    ]);
  });

  it("tolerates legacy shapes: no items, numbers as strings, unknown fields listed apart", () => {
    expect(readCommerce({ orderID: 1042, value: "12.5" })).toMatchObject({ orderId: "1042", value: 12.5, items: [] });
    expect(readCommerce({ lineItems: "three" }).items).toEqual([]);
    expect(otherProperties("order", { orderID: "o", value: 1, giftWrap: true, note: "x" })).toEqual([
      ["giftWrap", true],
      ["note", "x"],
    ]);
    expect(otherProperties("custom", { a: 1 })).toEqual([["a", 1]]);
  });

  it("follows only http(s) links from event data", () => {
    expect(safeUrl("https://shop.example.com/p?x=1")).toBe("https://shop.example.com/p?x=1");
    expect(safeUrl("javascript:alert(1)")).toBeUndefined();
    expect(safeUrl("data:text/html,<script>")).toBeUndefined();
    expect(safeUrl("/relative")).toBeUndefined();
    expect(readProduct({ productID: "p", url: "javascript:alert(1)" }).url).toBeUndefined();
  });
});

describe("activity filters as the API's query", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");

  it("sends nothing without filters, the names as they are, and 'last 7 days' from the moment of the fetch", () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(filterQuery(NO_FILTERS, now)).toEqual({ eventName: [] });
    const f = { ...NO_FILTERS, names: ["placed order", "quiz, completed"], when: "7d" as const };
    expect(hasFilters(f)).toBe(true);
    expect(filterQuery(f, now)).toEqual({ eventName: ["placed order", "quiz, completed"], from: "2026-11-17T12:00:00.000Z" });
  });

  it("takes a custom range as whole local days, both included, and says when it is reversed", () => {
    const f = { ...NO_FILTERS, when: "custom" as const, fromDay: "2026-11-01", toDay: "2026-11-03" };
    const q = filterQuery(f);
    expect(new Date(q.from!).getDate()).toBe(1);
    expect(new Date(q.from!).getHours()).toBe(0);
    expect(new Date(q.to!).getDate()).toBe(3);
    expect(new Date(q.to!).getHours()).toBe(23);
    expect(rangeProblem(f)).toBeUndefined();
    expect(rangeProblem({ ...f, fromDay: "2026-11-04" })).toMatch(/before the start/);
    expect(hasFilters({ ...NO_FILTERS, when: "custom" })).toBe(false);
  });
});

describe("subscription history", () => {
  it("lists opt-ins, consents and a later unsubscribe newest first, without repeating the opt-in as a status", () => {
    const entries = historyEntries({
      optIns: [{ channel: "email", optInAt: "2026-01-01T00:00:00.000Z" }],
      consents: [{ channel: "email", source: "checkout form", createdAt: "2026-01-01T00:00:00.000Z", ip: "192.0.2.10" }],
      statuses: [
        { channel: "email", status: "unsubscribed", statusChangedAt: "2026-02-01T00:00:00.000Z" },
        { channel: "sms", status: "subscribed", statusChangedAt: "2026-01-05T00:00:00.000Z" },
      ],
    });
    expect(entries.map((e) => `${e.channel} ${e.what}`)).toEqual(["email Unsubscribed", "email Subscribed", "email Consent given"]);
    expect(entries[2].detail).toBe("IP 192.0.2.10");
  });
});
