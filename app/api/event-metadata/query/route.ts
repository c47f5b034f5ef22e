// POST /api/event-metadata/query: the events the brand can use (recommended, declared, received), with
// their property trees on request. Any valid credential may read it (published: no scope).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { QueryEventsRequest, EventsResponse } from "@/lib/events/metadata/schemas";
import { queryEventMetadata } from "@/lib/events/metadata/query-metadata";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: null,
      body: QueryEventsRequest,
      summary: "The events the brand can use: recommended, declared and received",
      description:
        "Filter by event names (exact) and origins; includeProperties adds each event's property tree (struct children nested under properties); excludeCustomEvents leaves out the brand's own events. Any valid credential.",
      tags: ["Event metadata"],
      responses: { "200": jsonContent(EventsResponse, "Event metadata") },
    },
    async ({ brandId, body }) => ok(await queryEventMetadata(brandId, body)),
  ),
});
