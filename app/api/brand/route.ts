// /api/brand: the brand's settings (name, postal address for email footers). API keys and the
// dashboard; OAuth apps have no scope for it.
import { route } from "@/lib/api/route";
import { getBrand, updateBrand } from "@/lib/brands/brand-settings";
import { BrandPatch, BrandSchema } from "@/lib/brands/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: null,
      principals: ["api-key", "session"],
      summary: "The brand's settings: name, plan and the postal address email footers show (API keys and the dashboard)",
      tags: ["Account"],
      responses: { "200": jsonContent(BrandSchema, "The brand") },
    },
    async ({ brandId }) => ok(await getBrand(brandId)),
  ),
  PATCH: route(
    {
      scope: null,
      principals: ["api-key", "session"],
      body: BrandPatch,
      summary: "Change the brand's name or postal address (API keys and the dashboard)",
      tags: ["Account"],
      responses: { "200": jsonContent(BrandSchema, "The brand as saved") },
    },
    async ({ brandId, body }) => ok(await updateBrand(brandId, body)),
  ),
});
