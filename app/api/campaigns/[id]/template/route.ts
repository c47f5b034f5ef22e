// PUT /api/campaigns/{id}/template: Inkwell extra, a draft's template (a variant's for an A/B test) changes.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { ChangeTemplateRequest } from "@/lib/campaigns/schemas";
import { changeTemplate } from "@/lib/campaigns/update-campaign";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route({ scope: "campaigns.write", params: IdParams, body: ChangeTemplateRequest }, async ({ brandId, params, body }) =>
    ok(await changeTemplate(brandId, params.id, body)),
  ),
});
