// /api/products/{productID}: read, replace, delete one product of the catalog.
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { deleteProduct, getProduct, putProduct } from "@/lib/products/catalog-api";
import { ProductInput, ProductParams } from "@/lib/products/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "products.read", params: ProductParams }, async ({ brandId, params }) =>
    ok(await getProduct(brandId, params.productID)),
  ),
  PUT: route({ scope: "products.write", params: ProductParams, body: ProductInput }, async ({ brandId, params, body }) =>
    ok(await putProduct(brandId, params.productID, body)),
  ),
  DELETE: route({ scope: "products.write", params: ProductParams }, async ({ brandId, params }) => {
    await deleteProduct(brandId, params.productID);
    return noContent();
  }),
});
