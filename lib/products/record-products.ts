// Keeps the Product table from the product data in processed events (see lib/products/README.md).
// Facts of one batch are merged per product first, so a busy product costs one upsert per batch.
import type { SqlRunner } from "@/lib/db/sql";

export type ProductFact = {
  brandId: string;
  productId: string;
  seenAt: Date;
  title?: string;
  price?: number;
  currency?: string;
  url?: string;
  imageUrl?: string;
  categories?: string[];
  inStock?: boolean;
  views: number;
  orders: number;
};

type Props = Record<string, unknown>;

const str = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : undefined);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const categoriesOf = (v: unknown) => (Array.isArray(v) && v.every((c) => typeof c === "string") ? (v as string[]).slice(0, 50) : undefined);

function fromLineItem(item: Props, base: Pick<ProductFact, "brandId" | "seenAt" | "currency">, ordered: boolean): ProductFact | null {
  const productId = str(item.productID);
  if (!productId) return null;
  return {
    ...base,
    productId,
    title: str(item.productTitle),
    price: num(item.productPrice),
    url: str(item.productURL),
    imageUrl: str(item.productImageURL),
    categories: categoriesOf(item.productCategories ?? item.categories),
    views: 0,
    orders: ordered ? Math.max(1, num(item.productQuantity) ?? 1) : 0,
  };
}

/** The product facts one recommended event carries (custom events carry none). */
export function productFacts(event: {
  brandId: string;
  eventName: string;
  eventVersion: string | null;
  receivedAt: Date;
  properties: Props;
}): ProductFact[] {
  if (event.eventVersion === null) return [];
  const p = event.properties;
  const base = { brandId: event.brandId, seenAt: event.receivedAt, currency: str(p.currency) };
  switch (event.eventName) {
    case "viewed product":
    case "product back in stock": {
      const productId = str(p.productID);
      if (!productId) return [];
      const backInStock = event.eventName === "product back in stock";
      return [
        {
          ...base,
          productId,
          title: str(p.productTitle),
          price: num(p.productPrice),
          url: str(p.url) ?? str(p.productURL),
          imageUrl: str(p.productImageURL),
          categories: categoriesOf(p.categories ?? p.productCategories),
          inStock: backInStock ? true : typeof p.inStock === "boolean" ? p.inStock : undefined,
          views: backInStock ? 0 : 1,
          orders: 0,
        },
      ];
    }
    case "added product to cart":
    case "started checkout":
    case "placed order": {
      const items = Array.isArray(p.lineItems) ? (p.lineItems as Props[]) : [];
      return items.map((item) => fromLineItem(item, base, event.eventName === "placed order")).filter((f): f is ProductFact => f !== null);
    }
    default:
      return [];
  }
}

/** Merges facts in arrival order: later values win, counters add up. */
export function mergeFacts(facts: ProductFact[]): ProductFact[] {
  const merged = new Map<string, ProductFact>();
  for (const fact of facts) {
    const key = `${fact.brandId}\u0000${fact.productId}`;
    const prior = merged.get(key);
    if (!prior) {
      merged.set(key, { ...fact });
      continue;
    }
    for (const field of ["title", "price", "currency", "url", "imageUrl", "categories", "inStock"] as const) {
      if (fact[field] !== undefined) (prior as Record<string, unknown>)[field] = fact[field];
    }
    if (fact.seenAt > prior.seenAt) prior.seenAt = fact.seenAt;
    prior.views += fact.views;
    prior.orders += fact.orders;
  }
  return [...merged.values()];
}

const PRODUCT_COLUMNS = [
  "brandId",
  "productId",
  "title",
  "price",
  "currency",
  "url",
  "imageUrl",
  "categories",
  "inStock",
  "backInStockAt",
  "firstSeenAt",
  "lastSeenAt",
  "viewCount",
  "orderCount",
];
const PRODUCT_VALUES = "(?, ?, ?, ?float, ?, ?, ?, ?json, ?bool, ?ts, ?ts, ?ts, ?, ?)";

// One statement per batch: values an event did not send (NULL, or an empty category list) keep what is
// stored; counters add up; backInStockAt moves only when a product that was not in stock comes back.
const UPSERT_PRODUCTS = (rows: number) => `
  INSERT INTO "Product" (${PRODUCT_COLUMNS.map((c) => `"${c}"`).join(", ")})
  VALUES ${Array.from({ length: rows }, () => PRODUCT_VALUES).join(", ")}
  ON CONFLICT ("brandId", "productId") DO UPDATE SET
    "title" = COALESCE(excluded."title", "Product"."title"),
    "price" = COALESCE(excluded."price", "Product"."price"),
    "currency" = COALESCE(excluded."currency", "Product"."currency"),
    "url" = COALESCE(excluded."url", "Product"."url"),
    "imageUrl" = COALESCE(excluded."imageUrl", "Product"."imageUrl"),
    "categories" = CASE WHEN excluded."categories" = ?json THEN "Product"."categories" ELSE excluded."categories" END,
    "backInStockAt" = CASE WHEN excluded."inStock" = ?bool AND ("Product"."inStock" IS NULL OR "Product"."inStock" <> ?bool)
      THEN excluded."lastSeenAt" ELSE "Product"."backInStockAt" END,
    "inStock" = COALESCE(excluded."inStock", "Product"."inStock"),
    "lastSeenAt" = CASE WHEN excluded."lastSeenAt" > "Product"."lastSeenAt" THEN excluded."lastSeenAt" ELSE "Product"."lastSeenAt" END,
    "viewCount" = "Product"."viewCount" + excluded."viewCount",
    "orderCount" = "Product"."orderCount" + excluded."orderCount"`;

export async function recordProducts(tx: SqlRunner, facts: ProductFact[]): Promise<void> {
  const merged = mergeFacts(facts);
  if (merged.length === 0) return;
  const params = merged.flatMap((f) => [
    f.brandId,
    f.productId,
    f.title ?? null,
    f.price ?? null,
    f.currency ?? null,
    f.url ?? null,
    f.imageUrl ?? null,
    JSON.stringify(f.categories ?? []),
    f.inStock ?? null,
    f.inStock === true ? f.seenAt : null,
    f.seenAt,
    f.seenAt,
    f.views,
    f.orders,
  ]);
  await tx.run(UPSERT_PRODUCTS(merged.length), [...params, "[]", true, true]);
}
