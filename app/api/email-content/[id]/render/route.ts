// POST /api/email-content/{id}/render: the content rendered with an empty data context (as published).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { renderContent } from "@/lib/templates/render/render-template";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "email-templates.write", params: IdParams, rateLimit: "render" }, async ({ brandId, params }) =>
    ok(await renderContent(brandId, params.id)),
  ),
});
