// /api/products: the store's catalog as published (list with offset paging, create).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { createProduct, listProducts } from "@/lib/products/catalog-api";
import { ProductInput, ProductListQuery, ProductListSchema, ProductIdResponse } from "@/lib/products/schemas";
import { jsonContent, conflict } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "products.read",
      query: ProductListQuery,
      summary: "List products",
      description:
        "Offset pages (`offset`, `limit` 1-250, default 100), newest first by createdAt (or updatedAt); `paging.next`/`previous` link the neighbouring pages on the public origin.",
      tags: ["Products"],
      responses: { "200": jsonContent(ProductListSchema, "A page of products") },
    },
    async ({ brandId, query }) => ok(await listProducts(brandId, query)),
  ),
  POST: route(
    {
      scope: "products.write",
      body: ProductInput,
      summary: "Create a product",
      description:
        "Adds a product to the store's catalog, which product recommendations, listings, cart recovery and back in stock read before what events said. 409 when the id exists (replace it with PUT).",
      tags: ["Products"],
      responses: { "201": jsonContent(ProductIdResponse, "Created"), ...conflict("A product with this id exists") },
    },
    async ({ brandId, body }) => created(await createProduct(brandId, body)),
  ),
});
