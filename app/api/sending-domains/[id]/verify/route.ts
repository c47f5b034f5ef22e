// POST /api/sending-domains/{id}/verify: look the domain's DNS records up now.
import { route } from "@/lib/api/route";
import { checkSendingDomain } from "@/lib/delivery/senders/senders";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "sending.write", params: IdParams }, async ({ brandId, params }) =>
    ok(await checkSendingDomain(brandId, params.id)),
  ),
});
