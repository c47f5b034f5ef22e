// POST /v4/track (deprecated): a v4 event, ingested by POST /api/events' code with the no-origin identity.
import { accepted } from "@/lib/http/responses";
import { trackV4 } from "@/lib/v4/track";
import { v4Methods, v4Route } from "@/lib/v4/route";
import { V4TrackInput } from "@/lib/v4/schemas";

const SUCCESSOR = "/api/events";

export const { GET, POST, PUT, PATCH, DELETE } = v4Methods(SUCCESSOR, {
  POST: v4Route("track", SUCCESSOR, { scope: "events.write", body: V4TrackInput }, async ({ brandId, body }) => {
    const { id } = await trackV4(brandId, body);
    return accepted({ id, status: "accepted" });
  }),
});
