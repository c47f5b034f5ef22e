// What a preview shows when no recipient is chosen: a made-up contact, order and products.
import type { ProductView } from "@/lib/products/product-view";
import type { OrderView } from "./recipient-data";
import type { RecipientContact } from "./tags";

export const SAMPLE_CONTACT: RecipientContact = {
  id: "sample",
  email: "alex.sample@example.com",
  phone: "+15555550100",
  firstName: "Alex",
  lastName: "Sample",
  city: "Springfield",
  country: "United States",
  countryCode: "US",
  customProperties: {},
};

export function sampleProducts(count: number): ProductView[] {
  return Array.from({ length: count }, (_, i) => ({
    productID: `sample-${i + 1}`,
    title: `Sample product ${i + 1}`,
    price: `$${(19 + i * 10).toFixed(2)}`,
    url: "https://example.com/products/sample",
    imageUrl: `https://placehold.co/300x300/png?text=Product+${i + 1}`,
    description: "A product from your catalog appears here for each recipient.",
  }));
}

export const SAMPLE_ORDER: OrderView = {
  number: "1001",
  date: "2026-01-15",
  items: sampleProducts(2).map((p, i) => ({ title: p.title, quantity: String(i + 1), price: p.price, imageUrl: p.imageUrl, url: p.url })),
  subtotal: "$77.00",
  discount: "$0.00",
  shipping: "$5.00",
  tax: "$6.16",
  total: "$88.16",
  billingAddress: "Alex Sample, 1 Main Street, Springfield, US",
  shippingAddress: "Alex Sample, 1 Main Street, Springfield, US",
};

/** Items of a dynamic list in a preview: product-like lines with the names events use. */
export function sampleListItems(count = 2): Record<string, unknown>[] {
  return sampleProducts(count).map((p, i) => ({
    productID: p.productID,
    productTitle: p.title,
    productPrice: p.price,
    productQuantity: i + 1,
    productURL: p.url,
    productImageURL: p.imageUrl,
    title: p.title,
    price: p.price,
    quantity: i + 1,
    url: p.url,
    imageUrl: p.imageUrl,
  }));
}
