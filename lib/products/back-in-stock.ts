// Back in stock: products the recipient viewed (or was told about) that came back in stock, latest
// restock first. The catalog decides for its products (a PUT that moves status to inStock); events
// (`product back in stock`) for the others.
import { db } from "@/lib/db";
import { CATALOG_SELECT, catalogRow, contactEvents, PRODUCT_SELECT, str, toView, type ProductRow } from "./catalog";
import type { ProductView } from "./product-view";

/** `given`: the products to consider (an automation's triggering event names them); else the contact's viewed and restocked ones. */
export async function backInStockProducts(brandId: string, contactId: string, slots: number, given?: string[]): Promise<ProductView[]> {
  const events = given ? [] : await contactEvents(brandId, contactId, ["viewed product", "product back in stock"], undefined, 500);
  const ids = given ?? [...new Set(events.map((e) => str(e.properties.productID)).filter((id): id is string => !!id))];
  if (ids.length === 0) return [];
  const [catalog, seen] = await Promise.all([
    db.catalogProduct.findMany({ where: { brandId, productId: { in: ids } }, select: { ...CATALOG_SELECT, backInStockAt: true } }),
    db.product.findMany({ where: { brandId, productId: { in: ids } }, select: { ...PRODUCT_SELECT, backInStockAt: true } }),
  ]);
  const inCatalog = new Set(catalog.map((c) => c.productId));
  const restocked: { row: ProductRow; at: Date }[] = [
    ...catalog.filter((c) => c.status === "inStock" && c.backInStockAt).map((c) => ({ row: catalogRow(c), at: c.backInStockAt! })),
    ...seen
      .filter((p) => !inCatalog.has(p.productId) && p.inStock === true && p.backInStockAt)
      .map((p) => ({ row: p, at: p.backInStockAt! })),
  ];
  restocked.sort((a, b) => b.at.getTime() - a.at.getTime() || a.row.productId.localeCompare(b.row.productId));
  return restocked.slice(0, slots).map(({ row }) => toView(row));
}
