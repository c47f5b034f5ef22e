// POST /api/campaigns/{id}/resume: Inkwell extra: a paused campaign goes on.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { resumeCampaign } from "@/lib/campaigns/campaign-operations";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "campaigns.write", params: IdParams }, async ({ brandId, params }) => {
    await resumeCampaign(brandId, params.id);
    return noContent();
  }),
});
