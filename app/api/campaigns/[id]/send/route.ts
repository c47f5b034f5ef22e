// POST /api/campaigns/{id}/send: a draft starts sending now or is scheduled (its sending strategy decides).
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { sendCampaign } from "@/lib/campaigns/send-campaign";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "campaigns.write", params: IdParams }, async ({ brandId, params }) => {
    await sendCampaign(brandId, params.id);
    return noContent();
  }),
});
