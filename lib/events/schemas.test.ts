import { describe, expect, it } from "vitest";
import { fieldErrorsFromZod } from "@/lib/http/zod-errors";
import { EVENT_CATALOG, catalogAsJson } from "./catalog";
import { EventInput } from "./schemas";

const errors = (input: unknown) => {
  const result = EventInput.safeParse(input);
  return result.success ? [] : fieldErrorsFromZod(result.error.issues).map((e) => `${e.pointer} ${e.code}`);
};

describe("EventInput", () => {
  it("checks the catalog's property schema under /properties", () => {
    expect(
      errors({
        eventName: "added product to cart",
        eventVersion: "v1",
        origin: "api",
        properties: { lineItems: [{ productID: "p", productQuantity: 1.5 }] },
      }),
    ).toEqual(["/properties/lineItems/0/productQuantity invalid_type"]);
  });

  it("reports catalog rules even when other fields are invalid", () => {
    expect(errors({ eventName: "custom", eventVersion: "v1", origin: "" }).sort()).toEqual([
      "/eventVersion not_allowed",
      "/origin too_small",
    ]);
  });

  it("accepts every catalog event with minimal valid properties", () => {
    const minimal: Record<string, Record<string, unknown>> = {
      "viewed page": { url: "https://s/" },
      "viewed product": { productID: "p" },
      "product back in stock": { productID: "p" },
    };
    for (const entry of EVENT_CATALOG) {
      const properties = minimal[entry.eventName] ?? { orderID: "o", lineItems: [{ productID: "p", productQuantity: 1 }] };
      expect(errors({ eventName: entry.eventName, eventVersion: entry.eventVersion, origin: "api", properties }), entry.eventName).toEqual(
        [],
      );
    }
  });

  it("serves every catalog entry as a JSON Schema object", () => {
    for (const entry of catalogAsJson()) expect(entry.properties).toMatchObject({ type: "object" });
  });
});
