// /api/product-categories/{categoryID}: read, rename (PATCH, as published), delete.
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { deleteCategory, getCategory, updateCategory } from "@/lib/products/catalog-api";
import { CategoryParams, UpdateCategoryRequest, CategorySchema, CategoryIdResponse } from "@/lib/products/schemas";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "products.read",
      params: CategoryParams,
      summary: "Get a product category",
      tags: ["Product Categories"],
      responses: { "200": jsonContent(CategorySchema, "The category"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getCategory(brandId, params.categoryID)),
  ),
  PATCH: route(
    {
      scope: "products.write",
      params: CategoryParams,
      body: UpdateCategoryRequest,
      summary: "Rename a product category",
      tags: ["Product Categories"],
      responses: { "200": jsonContent(CategoryIdResponse.meta({ id: "UpdateCategoryResponse" }), "Updated"), ...notFound },
    },
    async ({ brandId, params, body }) => ok(await updateCategory(brandId, params.categoryID, body)),
  ),
  DELETE: route(
    {
      scope: "products.write",
      params: CategoryParams,
      summary: "Delete a product category",
      tags: ["Product Categories"],
      responses: { "204": { description: "Deleted" }, ...notFound },
    },
    async ({ brandId, params }) => {
      await deleteCategory(brandId, params.categoryID);
      return noContent();
    },
  ),
});
