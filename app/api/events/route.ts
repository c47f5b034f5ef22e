// POST /api/events: accept a customer event; 202 once it is durably stored, processed asynchronously.
import { acceptEvent, compatibilityModes } from "@/lib/events/accept-event";
import { EventInput, NoOriginEventInput } from "@/lib/events/schemas";
import { accepted } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "events.write",
      body: EventInput,
      bodyFor: (request) => (compatibilityModes(request.headers).has("no-origin") ? NoOriginEventInput : EventInput),
    },
    async ({ brandId, body, request }) => {
      const noOrigin = compatibilityModes(request.headers).has("no-origin");
      const { id } = await acceptEvent(brandId, body, { noOrigin });
      return accepted({ id, status: "accepted" });
    },
  ),
});
