"use client";
// Products and categories for the editor's pickers: the published Products and Product Categories APIs
// together with the products the events recorded (lib/products/catalog-choices.ts).
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/client/api-fetch";
import { recordedCatalogChoices, type CatalogChoice } from "@/lib/products/catalog-choices";

export type { CatalogChoice };
export type Catalog = { products: CatalogChoice[]; categories: CatalogChoice[] };

type ApiProduct = { id?: string; productID?: string; title?: string };
type ApiCategory = { categoryID: string; title?: string };

async function fromApi(): Promise<Catalog | null> {
  try {
    const [products, categories] = await Promise.all([
      apiFetch<{ products: ApiProduct[] }>("/api/products?limit=100"),
      apiFetch<{ categories: ApiCategory[] }>("/api/product-categories?limit=100"),
    ]);
    return {
      products: products.products.flatMap((p) => {
        const id = p.id ?? p.productID;
        return id ? [{ value: id, label: p.title || id }] : [];
      }),
      categories: categories.categories.map((c) => ({ value: c.categoryID, label: c.title || c.categoryID })),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useCatalog(enabled = true) {
  return useQuery<Catalog>({
    queryKey: ["editor", "catalog"],
    enabled,
    staleTime: 60_000,
    // Both: the catalog the Products APIs hold, and the products and categories the events recorded (a shop
    // that sends events but never filled the catalog still gets choices), the catalog's names first.
    queryFn: async () => {
      const [api, recorded] = await Promise.all([fromApi(), recordedCatalogChoices()]);
      const union = (a: CatalogChoice[], b: CatalogChoice[]) => [...a, ...b.filter((c) => !a.some((x) => x.value === c.value))];
      return { products: union(api?.products ?? [], recorded.products), categories: union(api?.categories ?? [], recorded.categories) };
    },
  });
}
