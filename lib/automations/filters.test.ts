import { describe, expect, it } from "vitest";
import { contactGroupHolds, eventFilterHolds, eventGroupsHold, valuesAt, type ContactFacts } from "./filters";

const cart = {
  value: 129.5,
  currency: "EUR",
  cartID: "c-1",
  lineItems: [
    { productID: "p-1", productTitle: "Blue Shoes", productPrice: 79.5 },
    { productID: "p-2", productTitle: "Socks", productPrice: 50 },
  ],
};

describe("event filters", () => {
  it("reads paths through objects and arrays", () => {
    expect(valuesAt(cart, "value")).toEqual([129.5]);
    expect(valuesAt(cart, "lineItems.productID")).toEqual(["p-1", "p-2"]);
    expect(valuesAt(cart, "missing.path")).toEqual([]);
  });

  it("compares numbers, text (case-insensitively for substrings) and lists", () => {
    expect(eventFilterHolds({ field: "value", operator: "gte", value: 100 }, cart)).toBe(true);
    expect(eventFilterHolds({ field: "value", operator: "lt", value: 100 }, cart)).toBe(false);
    expect(eventFilterHolds({ field: "currency", operator: "eq", value: "EUR" }, cart)).toBe(true);
    expect(eventFilterHolds({ field: "currency", operator: "eq", value: "eur" }, cart)).toBe(false);
    expect(eventFilterHolds({ field: "lineItems.productTitle", operator: "contains", value: "shoes" }, cart)).toBe(true);
    expect(eventFilterHolds({ field: "lineItems.productID", operator: "in", value: ["p-9", "p-2"] }, cart)).toBe(true);
    expect(eventFilterHolds({ field: "lineItems.productID", operator: "notIn", value: ["p-1"] }, cart)).toBe(false);
    expect(eventFilterHolds({ field: "cartID", operator: "startsWith", value: "C-" }, cart)).toBe(true);
  });

  it("treats a missing property as not matching a positive operator and matching a negative one", () => {
    expect(eventFilterHolds({ field: "coupon", operator: "eq", value: "X" }, cart)).toBe(false);
    expect(eventFilterHolds({ field: "coupon", operator: "neq", value: "X" }, cart)).toBe(true);
    expect(eventFilterHolds({ field: "coupon", operator: "exists" }, cart)).toBe(false);
    expect(eventFilterHolds({ field: "coupon", operator: "notExists" }, cart)).toBe(true);
  });

  it("ANDs groups, each with its own operator", () => {
    const groups = [
      {
        logicalOperator: "or" as const,
        filters: [
          { field: "currency", operator: "eq" as const, value: "USD" },
          { field: "value", operator: "gt" as const, value: 100 },
        ],
      },
      { logicalOperator: "and" as const, filters: [{ field: "cartID", operator: "exists" as const }] },
    ];
    expect(eventGroupsHold(groups, cart)).toBe(true);
    expect(eventGroupsHold([...groups, { logicalOperator: "and", filters: [{ field: "value", operator: "lt", value: 1 }] }], cart)).toBe(
      false,
    );
    expect(eventGroupsHold(undefined, cart)).toBe(true);
  });
});

describe("contact filters", () => {
  const contact: ContactFacts = {
    firstName: "Jonas",
    lastName: "Smith",
    gender: "m",
    country: "Lithuania",
    countryCode: "LT",
    state: null,
    city: "Vilnius",
    postalCode: "01100",
    dateAdded: "2025-03-15",
    tags: ["vip", "early-adopter"],
    segmentIds: ["000000000000000000000001"],
  };

  it("matches the published fields and operators", () => {
    const holds = (field: string, operator: string, value: string) =>
      contactGroupHolds({ logicalOperator: "and", filters: [{ field, operator, value } as never] }, contact);
    expect(holds("tag", "eq", "VIP")).toBe(true);
    expect(holds("tag", "neq", "vip")).toBe(false);
    expect(holds("segmentID", "eq", "000000000000000000000001")).toBe(true);
    expect(holds("dateAdded", "gt", "2025-01-01")).toBe(true);
    expect(holds("dateAdded", "lt", "2025-01-01")).toBe(false);
    expect(holds("gender", "eq", "f")).toBe(false);
    expect(holds("country", "eq", "lt")).toBe(true);
    expect(holds("country", "neq", "US")).toBe(true);
    expect(holds("city", "contains", "viln")).toBe(true);
    expect(holds("state", "neq", "California")).toBe(true);
    expect(holds("state", "contains", "Cal")).toBe(false);
  });

  it("combines with or and and; no group lets everyone in", () => {
    const or = {
      logicalOperator: "or" as const,
      filters: [
        { field: "tag" as const, operator: "eq" as const, value: "beta" },
        { field: "tag" as const, operator: "eq" as const, value: "vip" },
      ],
    };
    expect(contactGroupHolds(or, contact)).toBe(true);
    expect(contactGroupHolds({ ...or, logicalOperator: "and" }, contact)).toBe(false);
    expect(contactGroupHolds(undefined, contact)).toBe(true);
  });
});
