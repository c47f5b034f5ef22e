// /api/campaigns/{id}/utm: the UTM tags links get (defaults filled in); a draft's can be replaced.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { getUtm, updateUtm } from "@/lib/campaigns/campaign-operations";
import { UTMUpdate } from "@/lib/campaigns/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "campaigns.read", params: IdParams }, async ({ brandId, params }) => ok(await getUtm(brandId, params.id))),
  PUT: route({ scope: "campaigns.write", params: IdParams, body: UTMUpdate }, async ({ brandId, params, body }) =>
    ok(await updateUtm(brandId, params.id, body)),
  ),
});
