// POST /api/campaigns/{id}/pause: Inkwell extra: a sending campaign holds its remaining messages.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { pauseCampaign } from "@/lib/campaigns/campaign-operations";
import { conflict, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      summary: "Pause a sending campaign (Inkwell extra)",
      description: "Its messages not yet handed over wait until it is resumed.",
      tags: ["Campaigns"],
      responses: { "204": { description: "Paused" }, ...notFound, ...conflict("The campaign is not started") },
    },
    async ({ brandId, params }) => {
      await pauseCampaign(brandId, params.id);
      return noContent();
    },
  ),
});
