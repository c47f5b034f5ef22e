// GET /api/images/{id}/usage: the templates and universal layouts that show the image (the asset
// library warns before a delete). Not in the published API; an addition of ours.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { imageUsage } from "@/lib/images/images";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: ["images.read", "email-templates.read"], params: IdParams }, async ({ brandId, params }) =>
    ok(await imageUsage(brandId, params.id)),
  ),
});
