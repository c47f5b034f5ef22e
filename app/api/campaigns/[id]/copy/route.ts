// POST /api/campaigns/{id}/copy: a new draft with the original's content, audience and settings, named "Copy of: ...".
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { created } from "@/lib/http/responses";
import { copyCampaign } from "@/lib/campaigns/campaign-operations";
import { jsonContent, notFound, unprocessable } from "@/lib/openapi/common";
import { CampaignSchema } from "@/lib/campaigns/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      summary: "Copy campaign",
      description: 'A new draft named "Copy of: ..." with the original\'s content, audience and settings.',
      tags: ["Campaigns"],
      responses: { "201": jsonContent(CampaignSchema, "The copy"), ...notFound, ...unprocessable("Boosters are not copied") },
    },
    async ({ brandId, params }) => created(await copyCampaign(brandId, params.id)),
  ),
});
