// /api/products: the store's catalog as published (list with offset paging, create).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { createProduct, listProducts } from "@/lib/products/catalog-api";
import { ProductInput, ProductListQuery } from "@/lib/products/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "products.read", query: ProductListQuery }, async ({ brandId, query }) => ok(await listProducts(brandId, query))),
  POST: route({ scope: "products.write", body: ProductInput }, async ({ brandId, body }) => created(await createProduct(brandId, body))),
});
