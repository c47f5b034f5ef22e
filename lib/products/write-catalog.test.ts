import { describe, expect, it } from "vitest";
import { comesBackInStock } from "./write-catalog";

const product = (status: string, ...variants: [string, string?][]) => ({
  status,
  variants: variants.map(([id, variantStatus]) => (variantStatus ? { id, status: variantStatus } : { id })),
});

describe("comesBackInStock", () => {
  it("is true when the product's status becomes inStock from another", () => {
    expect(comesBackInStock(product("outOfStock"), product("inStock"))).toBe(true);
    expect(comesBackInStock(product("notAvailable", ["v1"]), product("inStock", ["v1"]))).toBe(true);
  });

  it("is true when a variant it had becomes inStock while the product stays in stock", () => {
    expect(comesBackInStock(product("inStock", ["s", "outOfStock"], ["m"]), product("inStock", ["s", "inStock"], ["m"]))).toBe(true);
    // A variant without a status of its own has the product's.
    expect(comesBackInStock(product("inStock", ["s", "outOfStock"]), product("inStock", ["s"]))).toBe(true);
  });

  it("is false when nothing that was out of stock is in stock now", () => {
    expect(comesBackInStock(product("inStock", ["s"]), product("inStock", ["s"]))).toBe(false);
    expect(comesBackInStock(product("inStock", ["s", "outOfStock"]), product("inStock", ["s", "outOfStock"]))).toBe(false);
    // A variant that is new is not back.
    expect(comesBackInStock(product("inStock", ["s"]), product("inStock", ["s"], ["xl"]))).toBe(false);
    // A variant in stock while the product is not: the product is not in stock.
    expect(comesBackInStock(product("outOfStock", ["s", "outOfStock"]), product("outOfStock", ["s", "inStock"]))).toBe(false);
    expect(comesBackInStock(product("inStock"), product("outOfStock"))).toBe(false);
  });
});
