// product_recommender: one strategy per small function, the filters every strategy shares, and the
// plan rule (personalized strategies need the brand's feature; otherwise the fallback runs, silently).
import { brandHasFeature } from "@/lib/brands/plans";
import { db } from "@/lib/db";
import type { ProductRecommender } from "@/lib/templates/schema";
import {
  CATALOG_SELECT,
  catalogFirst,
  catalogRow,
  categoriesOf,
  contactEvents,
  lineItemsOf,
  PRODUCT_SELECT,
  productsByIds,
  str,
  toView,
  withCatalog,
  type ProductRow,
} from "./catalog";
import { missingLinks, type ProductView, type SkippedProduct } from "./product-view";

export type Strategy = ProductRecommender["type"];
export type RecommendContext = { brandId: string; contactId: string | null; now: Date };
type Rec = Pick<ProductRecommender, "type"> & Partial<Omit<ProductRecommender, "type">>;

export const MAX_SLOTS = 12;
// How many candidates a strategy reads before the shared filters; enough for filters that drop many.
const CANDIDATES = 500;
const PERSONAL: ReadonlySet<Strategy> = new Set(["personalized", "recentlyViewed"]);

function monthsAgo(now: Date, months: number | undefined): Date | undefined {
  if (!months) return undefined;
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/** Count per product id of a brand's events since a time (lineItems quantities, or one per view). */
async function eventCounts(brandId: string, eventName: string, since: Date): Promise<Map<string, number>> {
  const rows = await db.contactEvent.findMany({
    where: { brandId, eventName, eventTime: { gte: since } },
    orderBy: { eventTime: "desc" },
    take: 20_000,
    select: { properties: true },
  });
  const counts = new Map<string, number>();
  for (const { properties } of rows) {
    const p = (properties ?? {}) as Record<string, unknown>;
    const items = eventName === "placed order" ? lineItemsOf(p) : [p];
    for (const item of items) {
      const id = str(item.productID);
      if (!id) continue;
      const units = eventName === "placed order" && typeof item.productQuantity === "number" ? Math.max(1, item.productQuantity) : 1;
      counts.set(id, (counts.get(id) ?? 0) + units);
    }
  }
  return counts;
}

async function rankedByCounts(brandId: string, counts: Map<string, number>): Promise<ProductRow[]> {
  const ids = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, CANDIDATES)
    .map(([id]) => id);
  return productsByIds(brandId, ids);
}

/** The catalog's newest products (by the store's createdAt), since a time. */
async function catalogNewest(brandId: string, since: Date | undefined, take: number): Promise<ProductRow[]> {
  const rows = await db.catalogProduct.findMany({
    where: { brandId, ...(since ? { createdAt: { gte: since } } : {}) },
    orderBy: [{ createdAt: "desc" }, { productId: "asc" }],
    take,
    select: CATALOG_SELECT,
  });
  return rows.map(catalogRow);
}

/** newest: the catalog's newest products, then products events named, first seen most recently. */
export async function newest(ctx: RecommendContext, rec: Rec): Promise<ProductRow[]> {
  const since = monthsAgo(ctx.now, rec.recencyMonths);
  const [catalog, seen] = await Promise.all([
    catalogNewest(ctx.brandId, since, CANDIDATES),
    db.product.findMany({
      where: { brandId: ctx.brandId, ...(since ? { firstSeenAt: { gte: since } } : {}) },
      orderBy: [{ firstSeenAt: "desc" }, { productId: "asc" }],
      take: CANDIDATES,
      select: PRODUCT_SELECT,
    }),
  ]);
  return catalogFirst(catalog, await withCatalog(ctx.brandId, seen));
}

/** Products ranked by a counter events keep (orders, views), as the catalog describes them. */
async function rankedBy(ctx: RecommendContext, counter: "orderCount" | "viewCount"): Promise<ProductRow[]> {
  const rows = await db.product.findMany({
    where: { brandId: ctx.brandId, [counter]: { gt: 0 } },
    orderBy: [{ [counter]: "desc" }, { productId: "asc" }],
    take: CANDIDATES,
    select: PRODUCT_SELECT,
  });
  return withCatalog(ctx.brandId, rows);
}

/** popular: most units ordered in placed-order events (in the recency window, when one is set). */
export async function popular(ctx: RecommendContext, rec: Rec): Promise<ProductRow[]> {
  const since = monthsAgo(ctx.now, rec.recencyMonths);
  if (since) return rankedByCounts(ctx.brandId, await eventCounts(ctx.brandId, "placed order", since));
  return rankedBy(ctx, "orderCount");
}

/** mostViewed: most viewed by all contacts. */
export async function mostViewed(ctx: RecommendContext, rec: Rec): Promise<ProductRow[]> {
  const since = monthsAgo(ctx.now, rec.recencyMonths);
  if (since) return rankedByCounts(ctx.brandId, await eventCounts(ctx.brandId, "viewed product", since));
  return rankedBy(ctx, "viewCount");
}

/** recentlyViewed: the recipient's own views, latest first, each product once. */
export async function recentlyViewed(ctx: RecommendContext, rec: Rec): Promise<ProductRow[]> {
  if (!ctx.contactId) return [];
  const views = await contactEvents(ctx.brandId, ctx.contactId, ["viewed product"], monthsAgo(ctx.now, rec.recencyMonths));
  const ids = [...new Set(views.map((v) => str(v.properties.productID)).filter((id): id is string => !!id))];
  return productsByIds(ctx.brandId, ids);
}

/** Product ids in the recipient's placed orders (since a time). */
export async function purchasedIds(brandId: string, contactId: string, since?: Date): Promise<Set<string>> {
  const orders = await contactEvents(brandId, contactId, ["placed order"], since, 500);
  return new Set(
    orders.flatMap((o) =>
      lineItemsOf(o.properties)
        .map((i) => str(i.productID))
        .filter((id): id is string => !!id),
    ),
  );
}

/**
 * personalized: products sharing a category with what the recipient bought, most shared categories
 * first, then the most ordered; products they already bought are left out.
 */
export async function personalized(ctx: RecommendContext, rec: Rec): Promise<ProductRow[]> {
  if (!ctx.contactId) return [];
  const bought = await purchasedIds(ctx.brandId, ctx.contactId, monthsAgo(ctx.now, rec.recencyMonths));
  if (bought.size === 0) return [];
  const weights = new Map<string, number>();
  for (const row of await productsByIds(ctx.brandId, [...bought])) {
    for (const c of categoriesOf(row)) weights.set(c, (weights.get(c) ?? 0) + 1);
  }
  if (weights.size === 0) return [];
  // Category membership lives in a JSON array, which the engines query differently: rank in code.
  // Candidates: what sells (events), then the rest of the catalog, newest first.
  const [selling, catalog] = await Promise.all([
    db.product.findMany({
      where: { brandId: ctx.brandId, productId: { notIn: [...bought] } },
      orderBy: [{ orderCount: "desc" }, { viewCount: "desc" }, { productId: "asc" }],
      take: 5000,
      select: PRODUCT_SELECT,
    }),
    catalogNewest(ctx.brandId, undefined, 5000),
  ]);
  const candidates = catalogFirst(
    await withCatalog(ctx.brandId, selling),
    catalog.filter((row) => !bought.has(row.productId)),
  );
  const score = (row: ProductRow) => categoriesOf(row).reduce((s, c) => s + (weights.get(c) ?? 0), 0);
  return candidates
    .map((row, i) => ({ row, i, s: score(row) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.row);
}

export const STRATEGIES: Record<Strategy, (ctx: RecommendContext, rec: Rec) => Promise<ProductRow[]>> = {
  newest,
  popular,
  mostViewed,
  recentlyViewed,
  personalized,
};

/** The shared filters: stock, categories, excluded products, price, recent purchases. */
export async function applyFilters(rows: ProductRow[], ctx: RecommendContext, rec: Rec): Promise<ProductRow[]> {
  const include = rec.includeCategories?.length ? new Set(rec.includeCategories) : null;
  const exclude = new Set(rec.excludeCategories ?? []);
  const excludedProducts = new Set(rec.excludeProducts ?? []);
  const recentlyBought =
    ctx.contactId && rec.purchaseExclusionDays
      ? await purchasedIds(ctx.brandId, ctx.contactId, new Date(ctx.now.getTime() - rec.purchaseExclusionDays * 86_400_000))
      : new Set<string>();
  return rows.filter((row) => {
    if (row.available === false) return false;
    // Unknown stock counts as in stock: only products marked out of stock are left out.
    if (!rec.isOutOfStockIncluded && row.inStock === false) return false;
    if (excludedProducts.has(row.productId) || recentlyBought.has(row.productId)) return false;
    if (rec.priceFrom !== undefined && (row.price ?? 0) < rec.priceFrom) return false;
    const categories = categoriesOf(row);
    if (include && !categories.some((c) => include.has(c))) return false;
    if (categories.some((c) => exclude.has(c))) return false;
    return true;
  });
}

/** The strategy that runs for this brand: personalized ones need the plan feature. */
export function effectiveStrategy(brand: { plan: string; features: unknown }, rec: Rec): Strategy {
  if (!PERSONAL.has(rec.type) || brandHasFeature(brand, "personalizedRecommender")) return rec.type;
  return fallbackOf(rec);
}

/** fallbackType, or newest when it is missing or itself personalized. */
export function fallbackOf(rec: Rec): Strategy {
  return rec.fallbackType && !PERSONAL.has(rec.fallbackType) ? rec.fallbackType : "newest";
}

// A send renders thousands of recipients a second; the strategies that do not depend on the recipient
// (newest, popular, mostViewed) give them all the same candidates. The delivery worker lets its process
// reuse a strategy's candidates for a short while; the render endpoint and previews read fresh.
let shareForMs = 0;
const sharedCandidates = new Map<string, { at: number; rows: Promise<ProductRow[]> }>();

export function shareRecipientIndependentCandidates(ms: number): void {
  shareForMs = ms;
}

function candidates(strategy: Strategy, ctx: RecommendContext, rec: Rec): Promise<ProductRow[]> {
  if (shareForMs === 0 || PERSONAL.has(strategy)) return STRATEGIES[strategy](ctx, rec);
  const key = `${ctx.brandId}|${strategy}|${rec.recencyMonths ?? ""}`;
  const now = Date.now();
  const hit = sharedCandidates.get(key);
  if (hit && now - hit.at < shareForMs) return hit.rows;
  const rows = STRATEGIES[strategy](ctx, rec);
  if (sharedCandidates.size >= 200) sharedCandidates.clear();
  sharedCandidates.set(key, { at: now, rows });
  rows.catch(() => sharedCandidates.delete(key));
  return rows;
}

/**
 * Products for a recommender section's slots. The strategy's products come first; when it yields
 * fewer than the slots, the fallback fills the rest (and all of them when it yields nothing). A product
 * without a link or an image is skipped (an email card needs both) and reported to `skipped`.
 */
export async function recommendProducts(
  brand: { id: string; plan: string; features: unknown },
  contactId: string | null,
  rec: Rec,
  slots: number,
  now = new Date(),
  skipped: (product: SkippedProduct) => void = () => {},
): Promise<ProductView[]> {
  const limit = Math.min(Math.max(slots, 0), MAX_SLOTS);
  if (limit === 0) return [];
  const ctx: RecommendContext = { brandId: brand.id, contactId, now };
  const strategy = effectiveStrategy(brand, rec);
  const picked: ProductView[] = [];
  const seen = new Set<string>();
  const take = (rows: ProductRow[]) => {
    for (const row of rows) {
      if (picked.length >= limit) return;
      if (seen.has(row.productId)) continue;
      seen.add(row.productId);
      const view = toView(row);
      const missing = missingLinks(view);
      if (missing.length > 0) skipped({ productID: view.productID, title: view.title, missing });
      else picked.push(view);
    }
  };
  take(await applyFilters(await candidates(strategy, ctx, rec), ctx, rec));
  const fallback = fallbackOf(rec);
  if (picked.length < limit && fallback !== strategy) take(await applyFilters(await candidates(fallback, ctx, rec), ctx, rec));
  return picked;
}
