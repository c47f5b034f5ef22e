// GET /api/sender-addresses, POST /api/sender-addresses: the brand's sender addresses (a new one gets a confirmation link).
import { route } from "@/lib/api/route";
import { addAddress, listAddresses, SenderAddressInput } from "@/lib/delivery/senders/senders";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "sending.read" }, async ({ brandId }) => ok(await listAddresses(brandId))),
  POST: route({ scope: "sending.write", body: SenderAddressInput, rateLimit: "test-send" }, async ({ brandId, body }) =>
    created(await addAddress(brandId, body)),
  ),
});
