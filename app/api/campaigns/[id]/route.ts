// /api/campaigns/{id}: read, change a draft, delete.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { deleteCampaign, getCampaign } from "@/lib/campaigns/campaign-operations";
import { UpdateCampaignRequest } from "@/lib/campaigns/schemas";
import { updateCampaign } from "@/lib/campaigns/update-campaign";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "campaigns.read", params: IdParams }, async ({ brandId, params }) => ok(await getCampaign(brandId, params.id))),
  PATCH: route({ scope: "campaigns.write", params: IdParams, body: UpdateCampaignRequest }, async ({ brandId, params, body }) =>
    ok(await updateCampaign(brandId, params.id, body)),
  ),
  DELETE: route({ scope: "campaigns.write", params: IdParams }, async ({ brandId, params }) => {
    await deleteCampaign(brandId, params.id);
    return noContent();
  }),
});
