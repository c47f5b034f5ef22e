// Reading products: the store's catalog (CatalogProduct, sent through the Products API) first, then
// what events said (Product, kept by the events worker) for products the catalog does not have; and the
// product data in a contact's events.
import { db } from "@/lib/db";
import { formatPrice, type ProductView } from "./product-view";

export const PRODUCT_SELECT = {
  productId: true,
  title: true,
  price: true,
  currency: true,
  url: true,
  imageUrl: true,
  categories: true,
  inStock: true,
} as const;

export type ProductRow = {
  productId: string;
  title: string | null;
  price: number | null;
  currency: string | null;
  url: string | null;
  imageUrl: string | null;
  /** category names from events, category ids from the catalog */
  categories: unknown;
  inStock: boolean | null;
  /** false for a catalog product whose status is notAvailable: never recommended */
  available?: boolean;
  description?: string | null;
};

export const CATALOG_SELECT = {
  productId: true,
  title: true,
  price: true,
  currency: true,
  url: true,
  imageUrl: true,
  categoryIds: true,
  status: true,
  document: true,
} as const;

type CatalogColumns = {
  productId: string;
  title: string;
  price: number | null;
  currency: string;
  url: string;
  imageUrl: string | null;
  categoryIds: unknown;
  status: string;
  document: unknown;
};

/** A catalog product as the recommenders read it. */
export function catalogRow(c: CatalogColumns): ProductRow {
  const description = (c.document as { description?: unknown } | null)?.description;
  return {
    productId: c.productId,
    title: c.title,
    price: c.price,
    currency: c.currency,
    url: c.url,
    imageUrl: c.imageUrl,
    categories: c.categoryIds,
    inStock: c.status === "inStock",
    available: c.status !== "notAvailable",
    description: typeof description === "string" ? description : null,
  };
}

/** The brand's catalog products with these ids, by id. */
export async function catalogByIds(brandId: string, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.catalogProduct.findMany({ where: { brandId, productId: { in: [...new Set(ids)] } }, select: CATALOG_SELECT });
  return new Map(rows.map((r) => [r.productId, catalogRow(r)]));
}

/** Rows read from events, each replaced by the catalog's product when the catalog has it. */
export async function withCatalog(brandId: string, rows: ProductRow[]): Promise<ProductRow[]> {
  const catalog = await catalogByIds(
    brandId,
    rows.map((r) => r.productId),
  );
  return rows.map((row) => catalog.get(row.productId) ?? row);
}

/** `first`, then the rows of `second` whose product is not in `first`. */
export function catalogFirst(first: ProductRow[], second: ProductRow[]): ProductRow[] {
  const seen = new Set(first.map((r) => r.productId));
  return [...first, ...second.filter((r) => !seen.has(r.productId))];
}

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
    description: row.description ?? "",
  };
}

/** The brand's products with these ids, in the order of `ids`: the catalog's, else what events said. */
export async function productsByIds(brandId: string, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const [catalog, rows] = await Promise.all([
    catalogByIds(brandId, unique),
    db.product.findMany({ where: { brandId, productId: { in: unique } }, select: PRODUCT_SELECT }),
  ]);
  const fromEvents = new Map(rows.map((r) => [r.productId, r]));
  return ids.flatMap((id) => catalog.get(id) ?? fromEvents.get(id) ?? []);
}

type Props = Record<string, unknown>;

/** Properties of a contact's events by name (any name when `names` is empty), newest first. */
export async function contactEvents(brandId: string, contactId: string, names: readonly string[], since?: Date, take = 200) {
  const rows = await db.contactEvent.findMany({
    where: {
      brandId,
      contactId,
      ...(names.length ? { eventName: { in: [...names] } } : {}),
      ...(since ? { eventTime: { gte: since } } : {}),
    },
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
