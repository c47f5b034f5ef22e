// How the profile reads a contact's events: each recommended event as what it means to a marketer
// (a product looked at, a cart, an order), in their words, and any other event as its properties.
// Properties are read defensively: events sent under `compatibility: no-origin` keep a recommended name
// with unchecked properties, and stores add their own fields.

export type EventKind = "product" | "cart" | "order" | "page" | "custom";

type Known = { label: string; kind: EventKind };

/** Recommended event names (lib/events/catalog.ts) as a marketer says them. */
const KNOWN: Record<string, Known> = {
  "viewed page": { label: "Viewed a page", kind: "page" },
  "viewed product": { label: "Viewed a product", kind: "product" },
  "added product to cart": { label: "Added a product to the cart", kind: "cart" },
  "started checkout": { label: "Started checkout", kind: "cart" },
  "placed order": { label: "Placed an order", kind: "order" },
  "paid for order": { label: "Paid for an order", kind: "order" },
  "order fulfilled": { label: "Order fulfilled", kind: "order" },
  "order canceled": { label: "Order canceled", kind: "order" },
  "order refunded": { label: "Order refunded", kind: "order" },
  "product back in stock": { label: "Product back in stock", kind: "product" },
};

/** "Placed an order" for a recommended name; a custom event keeps the name the store gave it. */
export function eventLabel(eventName: string): string {
  return KNOWN[eventName]?.label ?? eventName;
}

export function eventKind(eventName: string): EventKind {
  return KNOWN[eventName]?.kind ?? "custom";
}

export const isRecommended = (eventName: string) => eventName in KNOWN;

// ---- property readers -------------------------------------------------------------------------------

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : typeof value === "number" ? String(value) : undefined;
const amount = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value)
    ? value
    : typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))
      ? Number(value)
      : undefined;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A link or image address the dashboard may follow: http(s) only (event data comes from outside). */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export type Product = { id?: string; title?: string; price?: number; quantity?: number; url?: string; imageUrl?: string };

/** A product as events carry it: a line item, or the product fields of `viewed product`. */
export function readProduct(p: Record<string, unknown>): Product {
  return {
    id: text(p.productID),
    title: text(p.productTitle) ?? text(p.title),
    price: amount(p.productPrice) ?? amount(p.price),
    quantity: amount(p.productQuantity) ?? amount(p.quantity),
    url: safeUrl(p.productURL) ?? safeUrl(p.url),
    imageUrl: safeUrl(p.productImageURL) ?? safeUrl(p.imageURL),
  };
}

export function readLineItems(properties: Record<string, unknown>): Product[] {
  return Array.isArray(properties.lineItems) ? properties.lineItems.filter(isRecord).map(readProduct) : [];
}

export type Commerce = {
  currency?: string;
  value?: number;
  orderId?: string;
  cartId?: string;
  checkoutUrl?: string;
  trackingUrl?: string;
  cancelReason?: string;
  items: Product[];
};

export function readCommerce(properties: Record<string, unknown>): Commerce {
  return {
    currency: text(properties.currency),
    value: amount(properties.value),
    orderId: text(properties.orderID),
    cartId: text(properties.cartID),
    checkoutUrl: safeUrl(properties.abandonedCheckoutURL),
    trackingUrl: safeUrl(properties.trackingURL),
    cancelReason: text(properties.cancelReason),
    items: readLineItems(properties),
  };
}

/** The properties each kind already shows in its own layout; the rest is listed under "More details". */
const SHOWN: Record<EventKind, string[]> = {
  product: ["productID", "productTitle", "title", "productPrice", "price", "productURL", "url", "productImageURL", "imageURL", "currency"],
  cart: ["lineItems", "currency", "value", "cartID", "abandonedCheckoutURL"],
  order: ["lineItems", "currency", "value", "orderID", "cartID", "trackingURL", "cancelReason"],
  page: ["url", "title"],
  custom: [],
};

export function otherProperties(kind: EventKind, properties: Record<string, unknown>): [string, unknown][] {
  const shown = new Set(SHOWN[kind]);
  return Object.entries(properties).filter(([key]) => !shown.has(key));
}

// ---- filters ----------------------------------------------------------------------------------------

export const TIME_RANGES = [
  { value: "any", label: "Any time" },
  { value: "24h", label: "Last 24 hours" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
  { value: "custom", label: "Between dates…" },
] as const;
export type TimeRange = (typeof TIME_RANGES)[number]["value"];

export type ActivityFilters = {
  /** event names to keep; none: every event */
  names: string[];
  when: TimeRange;
  /** yyyy-mm-dd in the viewer's time zone, both days included (when: custom) */
  fromDay: string;
  toDay: string;
};

export const NO_FILTERS: ActivityFilters = { names: [], when: "any", fromDay: "", toDay: "" };

export const hasFilters = (f: ActivityFilters) =>
  f.names.length > 0 || (f.when === "custom" ? f.fromDay !== "" || f.toDay !== "" : f.when !== "any");

const HOUR = 3_600_000;
const PRESET_MS: Partial<Record<TimeRange, number>> = {
  "24h": 24 * HOUR,
  "7d": 7 * 24 * HOUR,
  "30d": 30 * 24 * HOUR,
  "90d": 90 * 24 * HOUR,
};

/** A local calendar day's first or last instant, as the API takes it. */
function dayBound(day: string, end: boolean): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = end
    ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999)
    : new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The API's query for the filters (`now` anchors the "last N days" ranges at fetch time). */
export function filterQuery(f: ActivityFilters, now = Date.now()): { eventName: string[]; from?: string; to?: string } {
  const span = PRESET_MS[f.when];
  if (span) return { eventName: f.names, from: new Date(now - span).toISOString() };
  if (f.when === "custom") return { eventName: f.names, from: dayBound(f.fromDay, false), to: dayBound(f.toDay, true) };
  return { eventName: f.names };
}

/** A custom range that ends before it starts, in words (nothing to say: undefined). */
export function rangeProblem(f: ActivityFilters): string | undefined {
  if (f.when !== "custom" || !f.fromDay || !f.toDay) return undefined;
  return f.fromDay > f.toDay ? "The end date is before the start date." : undefined;
}
