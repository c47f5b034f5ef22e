// POST /v4/track (deprecated): a v4 event, ingested by POST /api/events' code with the no-origin identity.
import { accepted } from "@/lib/http/responses";
import { trackV4 } from "@/lib/v4/track";
import { v4Methods, v4Route } from "@/lib/v4/route";
import { AcceptedEventSchema } from "@/lib/events/schemas";
import { jsonContent } from "@/lib/openapi/common";
import { V4TrackInput } from "@/lib/v4/schemas";

const SUCCESSOR = "/api/events";

export const { GET, POST, PUT, PATCH, DELETE } = v4Methods(SUCCESSOR, {
  POST: v4Route(
    "track",
    SUCCESSOR,
    {
      scope: "events.write",
      body: V4TrackInput,
      summary: "Track an event (v4); use POST /api/events with compatibility: no-origin",
      description:
        'Stored exactly as POST /api/events with `compatibility: no-origin` would: the name as sent, no eventVersion (also for recommended names), properties unchanged, contact.phoneNumber as contact.phone, origin "v4" (not part of the identity).',
      responses: { "202": jsonContent(AcceptedEventSchema, "The event is durably stored and will be processed") },
    },
    async ({ brandId, body }) => {
      const { id } = await trackV4(brandId, body);
      return accepted({ id, status: "accepted" });
    },
  ),
});
