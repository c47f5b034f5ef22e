// /api/brand: the brand's settings (name, postal address for email footers). API keys and the
// dashboard; OAuth apps have no scope for it.
import { route } from "@/lib/api/route";
import { getBrand, updateBrand } from "@/lib/brands/brand-settings";
import { BrandPatch } from "@/lib/brands/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: null, principals: ["api-key", "session"] }, async ({ brandId }) => ok(await getBrand(brandId))),
  PATCH: route({ scope: null, principals: ["api-key", "session"], body: BrandPatch }, async ({ brandId, body }) =>
    ok(await updateBrand(brandId, body)),
  ),
});
