// GET /api/images/{id}/usage: the templates and universal layouts that show the image (the asset
// library warns before a delete). Not in the published API; an addition of ours.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { imageUsage } from "@/lib/images/images";
import { jsonContent, notFound } from "@/lib/openapi/common";
import { ImageUsageSchema } from "@/lib/images/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: ["images.read", "email-templates.read"],
      params: IdParams,
      summary: "Templates that show an image",
      description:
        "An addition to the published API: the templates and universal layouts whose content names the image, for a warning before deleting it.",
      tags: ["Images"],
      responses: { "200": jsonContent(ImageUsageSchema, "Where the image is used"), ...notFound },
    },
    async ({ brandId, params }) => ok(await imageUsage(brandId, params.id)),
  ),
});
