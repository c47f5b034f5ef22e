// POST /api/sender-addresses/{id}/confirmation: email the address a new confirmation link.
import { route } from "@/lib/api/route";
import { resendConfirmation } from "@/lib/delivery/senders/senders";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "sending.write", params: IdParams, rateLimit: "test-send" }, async ({ brandId, params }) =>
    ok(await resendConfirmation(brandId, params.id)),
  ),
});
