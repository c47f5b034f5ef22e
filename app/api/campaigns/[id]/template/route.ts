// PUT /api/campaigns/{id}/template: Inkwell extra, a draft's template (a variant's for an A/B test) changes.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { CampaignSchema, ChangeTemplateRequest } from "@/lib/campaigns/schemas";
import { changeTemplate } from "@/lib/campaigns/update-campaign";
import { conflict, jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      body: ChangeTemplateRequest,
      summary: "Change a draft's template (Inkwell extra)",
      tags: ["Campaigns"],
      responses: { "200": jsonContent(CampaignSchema, "The draft"), ...notFound, ...conflict("The campaign is not a draft") },
    },
    async ({ brandId, params, body }) => ok(await changeTemplate(brandId, params.id, body)),
  ),
});
