// Realistic POST /api/events bodies for the benchmark and the crash test: what an online store sends
// (mostly product and page views, some carts, a few orders) for a pool of shoppers and products.
import { randomUUID } from "node:crypto";

const products = Array.from({ length: 200 }, (_, i) => ({
  productID: `sku-${1000 + i}`,
  productTitle: `Product ${i} — organic cotton shirt`,
  productPrice: Math.round((5 + (i % 50) * 3.7) * 100) / 100,
  productURL: `https://shop.example.com/products/sku-${1000 + i}`,
  productImageURL: `https://cdn.example.com/img/sku-${1000 + i}.jpg`,
}));

const pick = <T>(list: T[], n: number) => list[n % list.length];

export function eventBody(n: number, shoppers = 5000): Record<string, unknown> {
  const contact =
    n % 10 === 0
      ? { email: `shopper${n % shoppers}@example.com`, firstName: `Shopper${n % shoppers}` }
      : { email: `shopper${n % shoppers}@example.com` };
  const base = { origin: "api", eventID: randomUUID(), contact };
  const product = pick(products, n * 7);
  const kind = n % 20;
  if (kind < 11) {
    return {
      ...base,
      eventName: "viewed product",
      eventVersion: "v1",
      properties: { productID: product.productID, productTitle: product.productTitle, url: product.productURL },
    };
  }
  if (kind < 15) {
    return {
      ...base,
      eventName: "viewed page",
      eventVersion: "v1",
      properties: { url: `https://shop.example.com/collections/${n % 12}`, title: "Collection" },
    };
  }
  const lineItems = [product, pick(products, n * 13)].map((p, i) => ({ ...p, productQuantity: 1 + i }));
  const value = lineItems.reduce((sum, li) => sum + li.productPrice * li.productQuantity, 0);
  if (kind < 19) {
    return {
      ...base,
      eventName: "added product to cart",
      eventVersion: "v1",
      properties: {
        cartID: `cart-${n % 3000}`,
        currency: "EUR",
        value,
        abandonedCheckoutURL: `https://shop.example.com/cart/${n % 3000}`,
        lineItems,
      },
    };
  }
  return {
    ...base,
    eventName: "placed order",
    eventVersion: "v1",
    properties: { orderID: `order-${n}`, currency: "EUR", value, lineItems },
  };
}

/** `total` events for `contacts` contacts no one has seen (fresh addresses every call), as request bodies. */
let calls = 0;
export function newContactBodies(total: number, contacts: number): string[] {
  const run = `${Date.now().toString(36)}${(calls++).toString(36)}`;
  return Array.from({ length: total }, (_, i) => {
    const body = eventBody(i, contacts);
    const contact = body.contact as Record<string, unknown>;
    return JSON.stringify({ ...body, contact: { ...contact, email: String(contact.email).replace("@", `.${run}@`) } });
  });
}
