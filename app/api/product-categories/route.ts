// /api/product-categories: the store's product categories as published (list, create).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { createCategory, listCategories } from "@/lib/products/catalog-api";
import { CategoryListQuery, CreateCategoryRequest } from "@/lib/products/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "products.read", query: CategoryListQuery }, async ({ brandId, query }) => ok(await listCategories(brandId, query))),
  POST: route({ scope: "products.write", body: CreateCategoryRequest }, async ({ brandId, body }) =>
    created(await createCategory(brandId, body)),
  ),
});
