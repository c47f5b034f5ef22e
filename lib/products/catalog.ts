// Reading the Product table (kept by the events worker) and the product data in a contact's events.
import { db } from "@/lib/db";
import { formatPrice, type ProductView } from "./product-view";

export const PRODUCT_SELECT = {
  productId: true, title: true, price: true, currency: true, url: true, imageUrl: true, categories: true, inStock: true,
} as const;

export type ProductRow = {
  productId: string;
  title: string | null;
  price: number | null;
  currency: string | null;
  url: string | null;
  imageUrl: string | null;
  categories: unknown;
  inStock: boolean | null;
};

export function categoriesOf(row: Pick<ProductRow, "categories">): string[] {
  return Array.isArray(row.categories) ? row.categories.filter((c): c is string => typeof c === "string") : [];
}

export function toView(row: ProductRow): ProductView {
  return {
    productID: row.productId,
    title: row.title ?? "",
    price: formatPrice(row.price, row.currency),
    url: row.url ?? "",
    imageUrl: row.imageUrl ?? "",
    description: "",
  };
}

/** The brand's products with these ids, in the order of `ids`. */
export async function productsByIds(brandId: string, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.product.findMany({ where: { brandId, productId: { in: [...new Set(ids)] } }, select: PRODUCT_SELECT });
  const byId = new Map(rows.map((r) => [r.productId, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type Props = Record<string, unknown>;

/** Properties of a contact's events by name (any name when `names` is empty), newest first. */
export async function contactEvents(brandId: string, contactId: string, names: readonly string[], since?: Date, take = 200) {
  const rows = await db.contactEvent.findMany({
    where: { brandId, contactId, ...(names.length ? { eventName: { in: [...names] } } : {}), ...(since ? { eventTime: { gte: since } } : {}) },
    orderBy: [{ eventTime: "desc" }, { id: "desc" }],
    take,
    select: { eventName: true, eventTime: true, properties: true },
  });
  return rows.map((r) => ({ eventName: r.eventName, eventTime: r.eventTime, properties: (r.properties ?? {}) as Props }));
}

export const str = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : undefined);
export const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

export function lineItemsOf(properties: Props): Props[] {
  return Array.isArray(properties.lineItems) ? properties.lineItems.filter((i): i is Props => !!i && typeof i === "object") : [];
}
