// POST /api/delivery-events: bounces, complaints and unsubscribes reported by the brand's own systems.
import { route } from "@/lib/api/route";
import { DeliveryEventsRequest, receiveDeliveryEvents } from "@/lib/delivery/delivery-events";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "sending.write", body: DeliveryEventsRequest }, async ({ brandId, body }) =>
    ok(await receiveDeliveryEvents(brandId, body)),
  ),
});
