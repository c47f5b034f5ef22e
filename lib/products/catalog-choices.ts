"use server";
// The products and categories the editor's pickers offer when the server has no Products API: what the
// events worker recorded in the Product table (lib/products/README.md), for the dashboard's active brand.
import { db } from "@/lib/db";
import { requireSession } from "@/lib/auth/require-session";
import { categoriesOf } from "./catalog";

export type CatalogChoice = { value: string; label: string };

const LIMIT = 500;

export async function recordedCatalogChoices(): Promise<{ products: CatalogChoice[]; categories: CatalogChoice[] }> {
  const { brand } = await requireSession();
  if (!brand) return { products: [], categories: [] };
  const rows = await db.product.findMany({
    where: { brandId: brand.id },
    orderBy: [{ lastSeenAt: "desc" }, { productId: "asc" }],
    take: LIMIT,
    select: { productId: true, title: true, categories: true },
  });
  const categories = new Set<string>();
  for (const row of rows) for (const c of categoriesOf(row)) categories.add(c);
  return {
    products: rows.map((r) => ({ value: r.productId, label: r.title || r.productId })),
    categories: [...categories].sort((a, b) => a.localeCompare(b)).map((c) => ({ value: c, label: c })),
  };
}
