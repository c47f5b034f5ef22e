// POST /api/delivery-events: bounces, complaints and unsubscribes reported by the brand's own systems.
import { route } from "@/lib/api/route";
import { DeliveryEventsRequest, DeliveryEventsResult, receiveDeliveryEvents } from "@/lib/delivery/delivery-events";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "sending.write",
      body: DeliveryEventsRequest,
      summary: "Report bounces, complaints and unsubscribes (generic webhook)",
      description:
        "For mail servers and providers without a webhook of their own in Inkwell (Amazon SES, Postmark and SendGrid have theirs at /webhooks/ses, /webhooks/postmark and /webhooks/sendgrid). " +
        "Each event names a message by the Message-ID header it was sent with. A hard bounce or a complaint suppresses the address and unsubscribes it from email; a source whose bounce or complaint rate passes the configured threshold is paused.",
      tags: ["Sending"],
      responses: { "200": jsonContent(DeliveryEventsResult, "What became of each event, in order") },
    },
    async ({ brandId, body }) => ok(await receiveDeliveryEvents(brandId, body)),
  ),
});
