// Back in stock: products the recipient viewed (or was told about) that came back in stock, latest restock first.
import { db } from "@/lib/db";
import { contactEvents, PRODUCT_SELECT, str, toView } from "./catalog";
import type { ProductView } from "./product-view";

export async function backInStockProducts(brandId: string, contactId: string, slots: number): Promise<ProductView[]> {
  const events = await contactEvents(brandId, contactId, ["viewed product", "product back in stock"], undefined, 500);
  const ids = [...new Set(events.map((e) => str(e.properties.productID)).filter((id): id is string => !!id))];
  if (ids.length === 0) return [];
  const rows = await db.product.findMany({
    where: { brandId, productId: { in: ids }, inStock: true, backInStockAt: { not: null } },
    orderBy: [{ backInStockAt: "desc" }, { productId: "asc" }],
    take: slots,
    select: PRODUCT_SELECT,
  });
  return rows.map(toView);
}
