// POST /api/events: accept a customer event; 202 once it is durably stored, processed asynchronously.
import { acceptEvent, CompatibilityHeader, compatibilityModes } from "@/lib/events/accept-event";
import { EventInput, NoOriginEventInput, AcceptedEventSchema } from "@/lib/events/schemas";
import { accepted } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "events.write",
      body: EventInput,
      bodyFor: (request) => (compatibilityModes(request.headers).has("no-origin") ? NoOriginEventInput : EventInput),
      headers: CompatibilityHeader,
      summary: "Send a customer event (recommended or custom)",
      description:
        "Answers 202 once the event is durably stored; contact create/update, identity registry, deduplication of historical events (same eventID and eventTime, eventTime more than 1 hour before arrival) and product data happen asynchronously.",
      tags: ["Events"],
      responses: { "202": jsonContent(AcceptedEventSchema, "Stored; processed asynchronously") },
    },
    async ({ brandId, body, request }) => {
      const noOrigin = compatibilityModes(request.headers).has("no-origin");
      const { id } = await acceptEvent(brandId, body, { noOrigin });
      return accepted({ id, status: "accepted" });
    },
  ),
});
