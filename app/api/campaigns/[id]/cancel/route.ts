// POST /api/campaigns/{id}/cancel: a scheduled, started or paused campaign is canceled (best effort for what is in flight).
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { cancelCampaign } from "@/lib/campaigns/send-campaign";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "campaigns.write", params: IdParams }, async ({ brandId, params }) => {
    await cancelCampaign(brandId, params.id);
    return noContent();
  }),
});
