// The recommended event catalog: every recommended event's name, version, description and property
// schema, kept as data in this one module. Validation (lib/events/schemas.ts), GET /api/event-catalog
// and the OpenAPI document all read it. Property objects are loose: the listed properties are checked,
// extra ones are kept as sent (stores add their own).
import { z } from "zod";

const money = z.number().finite().min(0);
const currency = z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 currency code in upper case, e.g. EUR");
const id = z.string().trim().min(1).max(200);
const url = z.url().max(2048);

/** A product in a cart or order: the line item of `added product to cart` as the spec gives it. */
export const LineItem = z.looseObject({
  productID: id.meta({ description: "The store's product id" }),
  productTitle: z.string().max(500).optional(),
  productPrice: money.optional().meta({ description: "Unit price" }),
  productQuantity: z.number().int().min(1).max(100_000),
  productURL: url.optional(),
  productImageURL: url.optional(),
});

const cart = {
  abandonedCheckoutURL: url.optional().meta({ description: "Where the contact can resume the cart" }),
  cartID: id.optional(),
  currency: currency.optional(),
  lineItems: z.array(LineItem).min(1).max(500),
  value: money.optional().meta({ description: "Total value of the cart" }),
};

const order = {
  orderID: id,
  cartID: id.optional(),
  currency: currency.optional(),
  value: money.optional().meta({ description: "Total value of the order" }),
};

export type CatalogEntry = {
  eventName: string;
  eventVersion: string;
  description: string;
  properties: z.ZodType;
};

export const EVENT_CATALOG: readonly CatalogEntry[] = [
  {
    eventName: "viewed page",
    eventVersion: "v1",
    description: "The contact opened a page of the store.",
    properties: z.looseObject({ url, title: z.string().max(500).optional() }),
  },
  {
    eventName: "viewed product",
    eventVersion: "v1",
    description: "The contact opened a product page. Feeds mostViewed and recentlyViewed recommendations.",
    properties: z.looseObject({
      url: url.optional(),
      productTitle: z.string().max(500).optional(),
      productID: id,
    }),
  },
  {
    eventName: "added product to cart",
    eventVersion: "v1",
    description: "The contact added a product to the cart; lineItems is the whole cart. Feeds cart recovery.",
    properties: z.looseObject(cart),
  },
  {
    eventName: "started checkout",
    eventVersion: "v1",
    description: "The contact began checking out the cart.",
    properties: z.looseObject(cart),
  },
  {
    eventName: "placed order",
    eventVersion: "v1",
    description: "The contact placed an order. Feeds popular and personalized recommendations and ends cart recovery.",
    properties: z.looseObject({ ...order, lineItems: z.array(LineItem).min(1).max(500) }),
  },
  {
    eventName: "paid for order",
    eventVersion: "v1",
    description: "The order was paid.",
    properties: z.looseObject(order),
  },
  {
    eventName: "order fulfilled",
    eventVersion: "v1",
    description: "The order was shipped or handed over.",
    properties: z.looseObject({ ...order, trackingURL: url.optional() }),
  },
  {
    eventName: "order canceled",
    eventVersion: "v1",
    description: "The order was canceled.",
    properties: z.looseObject({ ...order, cancelReason: z.string().max(500).optional() }),
  },
  {
    eventName: "order refunded",
    eventVersion: "v1",
    description: "The order was refunded, fully or in part (value is the refunded amount).",
    properties: z.looseObject(order),
  },
  {
    eventName: "product back in stock",
    eventVersion: "v1",
    description:
      "A product the contact asked about (or any product, when sent by the store) is available again. Feeds back-in-stock sections.",
    properties: z.looseObject({
      productID: id,
      productTitle: z.string().max(500).optional(),
      productPrice: money.optional(),
      productURL: url.optional(),
      productImageURL: url.optional(),
    }),
  },
];

const byName = new Map<string, CatalogEntry[]>();
for (const entry of EVENT_CATALOG) byName.set(entry.eventName, [...(byName.get(entry.eventName) ?? []), entry]);

/** The catalog entries of a recommended event name (case-sensitive), or undefined for a custom event. */
export function recommendedVersions(eventName: string): readonly CatalogEntry[] | undefined {
  return byName.get(eventName);
}

export function catalogEntry(eventName: string, eventVersion: string): CatalogEntry | undefined {
  return byName.get(eventName)?.find((e) => e.eventVersion === eventVersion);
}

export const CatalogEventSchema = z
  .object({
    eventName: z.string(),
    eventVersion: z.string().meta({ description: "The recommended event's version; empty for a declared custom event" }),
    description: z.string(),
    displayName: z.string().optional().meta({ description: "Declared custom events: the label declared with the schema" }),
    origin: z
      .string()
      .optional()
      .meta({ description: "Declared custom events: the origin the schema is declared for (recommended events have none)" }),
    properties: z.record(z.string(), z.unknown()).meta({ description: "JSON Schema (draft 2020-12) of the event's properties" }),
  })
  .meta({ id: "CatalogEvent" });
export type CatalogEvent = z.infer<typeof CatalogEventSchema>;

let json: CatalogEvent[] | undefined;

/** The recommended catalog with property schemas as JSON Schema (GET /api/event-catalog adds the brand's declared schemas). */
export function catalogAsJson(): CatalogEvent[] {
  json ??= EVENT_CATALOG.map((e) => ({
    eventName: e.eventName,
    eventVersion: e.eventVersion,
    description: e.description,
    properties: z.toJSONSchema(e.properties, { io: "input", unrepresentable: "any" }) as Record<string, unknown>,
  }));
  return json;
}
