// Keeps the Product table from the product data in processed events (see lib/products/README.md).
// Facts of one batch are merged per product first, so a busy product costs one upsert per batch.
import type { DbClient } from "@/lib/db";

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
export function productFacts(event: { brandId: string; eventName: string; eventVersion: string | null; receivedAt: Date; properties: Props }): ProductFact[] {
  if (event.eventVersion === null) return [];
  const p = event.properties;
  const base = { brandId: event.brandId, seenAt: event.receivedAt, currency: str(p.currency) };
  switch (event.eventName) {
    case "viewed product":
    case "product back in stock": {
      const productId = str(p.productID);
      if (!productId) return [];
      const backInStock = event.eventName === "product back in stock";
      return [{
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
      }];
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

export async function recordProducts(tx: DbClient, facts: ProductFact[]): Promise<void> {
  for (const fact of mergeFacts(facts)) {
    const where = { brandId_productId: { brandId: fact.brandId, productId: fact.productId } };
    const known = { title: fact.title, price: fact.price, currency: fact.currency, url: fact.url, imageUrl: fact.imageUrl, categories: fact.categories };
    if (fact.inStock === true) {
      // back in stock only when it was out of stock (or unknown) before
      await tx.product.updateMany({
        where: { brandId: fact.brandId, productId: fact.productId, OR: [{ inStock: false }, { inStock: null }] },
        data: { backInStockAt: fact.seenAt },
      });
    }
    await tx.product.upsert({
      where,
      create: {
        brandId: fact.brandId, productId: fact.productId, ...known, categories: fact.categories ?? [],
        inStock: fact.inStock ?? null, backInStockAt: fact.inStock === true ? fact.seenAt : null,
        firstSeenAt: fact.seenAt, lastSeenAt: fact.seenAt, viewCount: fact.views, orderCount: fact.orders,
      },
      update: {
        ...known, inStock: fact.inStock, lastSeenAt: fact.seenAt,
        viewCount: { increment: fact.views }, orderCount: { increment: fact.orders },
      },
    });
  }
}
