// /api/product-categories/{categoryID}: read, rename (PATCH, as published), delete.
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { deleteCategory, getCategory, updateCategory } from "@/lib/products/catalog-api";
import { CategoryParams, UpdateCategoryRequest } from "@/lib/products/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "products.read", params: CategoryParams }, async ({ brandId, params }) =>
    ok(await getCategory(brandId, params.categoryID)),
  ),
  PATCH: route({ scope: "products.write", params: CategoryParams, body: UpdateCategoryRequest }, async ({ brandId, params, body }) =>
    ok(await updateCategory(brandId, params.categoryID, body)),
  ),
  DELETE: route({ scope: "products.write", params: CategoryParams }, async ({ brandId, params }) => {
    await deleteCategory(brandId, params.categoryID);
    return noContent();
  }),
});
