// Everything a render needs to know about one recipient, and how tokens read it.
import type { ProductView } from "@/lib/products/product-view";
import type { RecipientLinks } from "@/lib/recipient-links/recipient-links";
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
  /** What brand.* tags show */
  brand?: { name: string; postalAddress: string | null };
  /** The published email-content render: no recipient, no products, no order by design */
  emptyContext?: boolean;
  /** What message.* tags fill (absent: the links render as their default, or "#") */
  links?: RecipientLinks;
  /** what this recipient's data left out (products without a link or an image) */
  warnings?: Warning[];
};

const MESSAGE_LINKS: Record<string, keyof RecipientLinks> = {
  unsubscribe_url: "unsubscribe",
  preferences_url: "preferences",
  view_in_browser_url: "viewInBrowser",
  confirm_url: "confirm",
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
      case "contact":
        return contactValue(data.contact, parts.slice(1));
      case "$slot":
        return readPath(data.slots[parts[1]]?.[Number(parts[2])], parts.slice(3));
      case "$product":
        return readPath(data.listing[parts[1]], parts.slice(2));
      case "$item":
        return readPath(data.lists[parts[1]]?.[Number(parts[2])], parts.slice(3));
      case "$order":
        return readPath(data.order, parts.slice(1));
      case "$discount":
        return data.discounts[parts[1]];
      case "message":
        return Object.hasOwn(MESSAGE_LINKS, parts[1]) ? data.links?.[MESSAGE_LINKS[parts[1]]] : undefined;
      case "brand":
        return parts[1] === "name"
          ? data.brand?.name
          : parts[1] === "postal_address"
            ? (data.brand?.postalAddress ?? undefined)
            : undefined;
      default:
        return undefined;
    }
  };
}
