// POST /api/campaigns/{id}/resume: Inkwell extra: a paused campaign goes on.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { resumeCampaign } from "@/lib/campaigns/campaign-operations";
import { conflict, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      summary: "Resume a paused campaign (Inkwell extra)",
      description: "Also after the delivery pipeline paused it for its bounce or complaint rate.",
      tags: ["Campaigns"],
      responses: { "204": { description: "Sending again" }, ...notFound, ...conflict("The campaign is not paused") },
    },
    async ({ brandId, params }) => {
      await resumeCampaign(brandId, params.id);
      return noContent();
    },
  ),
});
