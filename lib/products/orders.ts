// The recipient's latest placed order, shaped for the order blocks and order-based dynamic lists.
import { contactEvents, lineItemsOf, num, str } from "./catalog";
import { formatPrice } from "./product-view";

export type PlacedOrder = { eventTime: Date; properties: Record<string, unknown>; lineItems: Record<string, unknown>[] };

export async function latestOrder(brandId: string, contactId: string): Promise<PlacedOrder | null> {
  const [order] = await contactEvents(brandId, contactId, ["placed order"], undefined, 1);
  return order ? { eventTime: order.eventTime, properties: order.properties, lineItems: lineItemsOf(order.properties) } : null;
}

/**
 * The order a handed-over "placed order" event holds (a post-purchase flow's trigger), null for any other
 * event: the email shows the order that started the flow even when the contact ordered again since.
 */
export function orderOfEvent(event: { eventName: string; properties: Record<string, unknown>; eventTime?: string }): PlacedOrder | null {
  if (event.eventName !== "placed order") return null;
  const at = event.eventTime ? new Date(event.eventTime) : new Date();
  return {
    eventTime: Number.isNaN(at.getTime()) ? new Date() : at,
    properties: event.properties,
    lineItems: lineItemsOf(event.properties),
  };
}

function address(value: unknown): string {
  if (typeof value === "string") return value;
  if (!value || typeof value !== "object") return "";
  const a = value as Record<string, unknown>;
  const keys = [
    "name",
    "firstName",
    "lastName",
    "company",
    "address1",
    "address",
    "address2",
    "city",
    "state",
    "province",
    "postalCode",
    "zip",
    "country",
    "countryCode",
  ];
  return keys
    .map((k) => str(a[k]))
    .filter(Boolean)
    .join(", ");
}

export function orderView(order: PlacedOrder) {
  const p = order.properties;
  const currency = str(p.currency);
  const money = (v: unknown) => formatPrice(num(v), currency);
  const lines = order.lineItems.map((i) => ({
    title: str(i.productTitle) ?? str(i.productID) ?? "",
    quantity: String(num(i.productQuantity) ?? 1),
    price: money(i.productPrice),
    imageUrl: str(i.productImageURL) ?? "",
    url: str(i.productURL) ?? "",
  }));
  const subtotal = num(p.subtotal) ?? order.lineItems.reduce((s, i) => s + (num(i.productPrice) ?? 0) * (num(i.productQuantity) ?? 1), 0);
  return {
    number: str(p.orderID) ?? str(p.orderNumber) ?? "",
    date: order.eventTime.toISOString().slice(0, 10),
    items: lines,
    subtotal: money(subtotal),
    discount: money(num(p.discount) ?? 0),
    shipping: money(num(p.shipping) ?? 0),
    tax: money(num(p.tax) ?? 0),
    total: money(num(p.value) ?? subtotal),
    billingAddress: address(p.billingAddress),
    shippingAddress: address(p.shippingAddress),
  };
}
