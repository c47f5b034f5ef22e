// POST /api/campaigns/{id}/cancel: a scheduled, started or paused campaign is canceled (best effort for what is in flight).
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { cancelCampaign } from "@/lib/campaigns/send-campaign";
import { conflict, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      summary: "Cancel campaign",
      description:
        "From scheduled, started or paused. For a started campaign best effort: messages already handed to the mail server go on.",
      tags: ["Campaigns"],
      responses: { "204": { description: "Canceled" }, ...notFound, ...conflict("The campaign is not scheduled, started or paused") },
    },
    async ({ brandId, params }) => {
      await cancelCampaign(brandId, params.id);
      return noContent();
    },
  ),
});
