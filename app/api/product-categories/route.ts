// /api/product-categories: the store's product categories as published (list, create).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { createCategory, listCategories } from "@/lib/products/catalog-api";
import { CategoryListQuery, CreateCategoryRequest, CategoryListSchema, CategoryIdResponse } from "@/lib/products/schemas";
import { jsonContent, conflict } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "products.read",
      query: CategoryListQuery,
      summary: "List product categories",
      description:
        "Offset pages (`offset`, `limit` 1-250, default 100); sort createdAt (default) or updatedAt, newest first, or title A to Z.",
      tags: ["Product Categories"],
      responses: { "200": jsonContent(CategoryListSchema, "A page of categories") },
    },
    async ({ brandId, query }) => ok(await listCategories(brandId, query)),
  ),
  POST: route(
    {
      scope: "products.write",
      body: CreateCategoryRequest,
      summary: "Create a product category",
      tags: ["Product Categories"],
      responses: { "201": jsonContent(CategoryIdResponse, "Created"), ...conflict("A category with this id exists") },
    },
    async ({ brandId, body }) => created(await createCategory(brandId, body)),
  ),
});
