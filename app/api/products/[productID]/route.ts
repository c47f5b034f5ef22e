// /api/products/{productID}: read, replace, delete one product of the catalog.
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { deleteProduct, getProduct, putProduct } from "@/lib/products/catalog-api";
import { ProductInput, ProductParams, ProductSchema, ProductIdResponse } from "@/lib/products/schemas";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "products.read",
      params: ProductParams,
      summary: "Get a product",
      tags: ["Products"],
      responses: { "200": jsonContent(ProductSchema, "The product"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getProduct(brandId, params.productID)),
  ),
  PUT: route(
    {
      scope: "products.write",
      params: ProductParams,
      body: ProductInput,
      summary: "Replace a product",
      description:
        "The body's id must be the path's. A product whose status becomes inStock from another status counts as back in stock from now on.",
      tags: ["Products"],
      responses: { "200": jsonContent(ProductIdResponse.meta({ id: "ReplaceProductResponse" }), "Replaced"), ...notFound },
    },
    async ({ brandId, params, body }) => ok(await putProduct(brandId, params.productID, body)),
  ),
  DELETE: route(
    {
      scope: "products.write",
      params: ProductParams,
      summary: "Delete a product",
      tags: ["Products"],
      responses: { "204": { description: "Deleted" }, ...notFound },
    },
    async ({ brandId, params }) => {
      await deleteProduct(brandId, params.productID);
      return noContent();
    },
  ),
});
