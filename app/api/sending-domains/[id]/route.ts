// GET /api/sending-domains/{id}, DELETE /api/sending-domains/{id}.
import { route } from "@/lib/api/route";
import { deleteDomain, getDomain } from "@/lib/delivery/senders/senders";
import { IdParams, methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "sending.read", params: IdParams }, async ({ brandId, params }) => ok(await getDomain(brandId, params.id))),
  DELETE: route({ scope: "sending.write", params: IdParams }, async ({ brandId, params }) => {
    await deleteDomain(brandId, params.id);
    return noContent();
  }),
});
