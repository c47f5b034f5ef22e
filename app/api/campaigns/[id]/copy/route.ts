// POST /api/campaigns/{id}/copy: a new draft with the original's content, audience and settings, named "Copy of: ...".
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { created } from "@/lib/http/responses";
import { copyCampaign } from "@/lib/campaigns/campaign-operations";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "campaigns.write", params: IdParams }, async ({ brandId, params }) =>
    created(await copyCampaign(brandId, params.id)),
  ),
});
