// GET /api/sender-addresses/{id}, DELETE /api/sender-addresses/{id}.
import { route } from "@/lib/api/route";
import { deleteAddress, getAddress } from "@/lib/delivery/senders/senders";
import { IdParams, methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "sending.read", params: IdParams }, async ({ brandId, params }) => ok(await getAddress(brandId, params.id))),
  DELETE: route({ scope: "sending.write", params: IdParams }, async ({ brandId, params }) => {
    await deleteAddress(brandId, params.id);
    return noContent();
  }),
});
