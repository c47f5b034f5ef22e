// /api/automations/{id}/blocks/{blockID}/utm: an email block's UTM tags (defaults filled in).
import { route } from "@/lib/api/route";
import { BlockParams, UpdateUTMRequest } from "@/lib/automations/schemas";
import { getBlockUtm, putBlockUtm } from "@/lib/automations/write-automation";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "automations.read", params: BlockParams }, async ({ brandId, params }) =>
    ok(await getBlockUtm(brandId, params.id, params.blockID)),
  ),
  PUT: route({ scope: "automations.write", params: BlockParams, body: UpdateUTMRequest }, async ({ brandId, params, body }) =>
    ok(await putBlockUtm(brandId, params.id, params.blockID, body.tags)),
  ),
});
