// POST /api/campaigns/{id}/pause: Inkwell extra: a sending campaign holds its remaining messages.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { pauseCampaign } from "@/lib/campaigns/campaign-operations";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "campaigns.write", params: IdParams }, async ({ brandId, params }) => {
    await pauseCampaign(brandId, params.id);
    return noContent();
  }),
});
