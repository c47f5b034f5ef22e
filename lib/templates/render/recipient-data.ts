// Everything a render needs to know about one recipient, and how tokens read it.
import type { ProductView } from "@/lib/products/product-view";
import type { Shape } from "./shape";
import { contactValue, readPath, type RecipientContact } from "./tags";
import type { Resolve, Warning } from "./tokens";

export type OrderView = {
  number: string;
  date: string;
  items: Array<{ title: string; quantity: string; price: string; imageUrl: string; url: string }>;
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  total: string;
  billingAddress: string;
  shippingAddress: string;
};

export type RecipientData = {
  contact: RecipientContact;
  hidden: string[];
  /** product slot sections: the products filling their slots, in slot order */
  slots: Record<string, ProductView[]>;
  /** products_listing blocks: their picked product, when the catalog has it */
  listing: Record<string, ProductView>;
  /** dynamic_list sections: the items repeated over */
  lists: Record<string, Record<string, unknown>[]>;
  order: OrderView | null;
  /** dynamicDiscount blocks: the recipient's code */
  discounts: Record<string, string>;
  viewInBrowserUrl?: string;
  /** what this recipient's data left out (products without a link or an image) */
  warnings?: Warning[];
};

export function shapeOf(data: RecipientData): Shape {
  const mapValues = <T, U>(o: Record<string, T>, f: (v: T) => U) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
  return {
    hidden: data.hidden,
    slots: mapValues(data.slots, (products) => products.map((p) => !!p.imageUrl)),
    listing: mapValues(data.listing, (p) => ({ image: !!p.imageUrl })),
    lists: mapValues(data.lists, (items) => items.length),
    order: data.order ? { images: data.order.items.map((i) => !!i.imageUrl) } : null,
  };
}

export function resolverOf(data: RecipientData): Resolve {
  return (path) => {
    const parts = path.split(".");
    switch (parts[0]) {
      case "contact": return contactValue(data.contact, parts.slice(1));
      case "$slot": return readPath(data.slots[parts[1]]?.[Number(parts[2])], parts.slice(3));
      case "$product": return readPath(data.listing[parts[1]], parts.slice(2));
      case "$item": return readPath(data.lists[parts[1]]?.[Number(parts[2])], parts.slice(3));
      case "$order": return readPath(data.order, parts.slice(1));
      case "$discount": return data.discounts[parts[1]];
      case "$message": return parts[1] === "view_in_browser_url" ? data.viewInBrowserUrl : undefined;
      default: return undefined;
    }
  };
}
