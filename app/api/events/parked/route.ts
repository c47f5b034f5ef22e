// GET /api/events/parked: events whose processing failed for good, with their errors.
import { listParkedEvents, ParkedQuery, ParkedList } from "@/lib/events/list-parked";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "events.write",
      query: ParkedQuery,
      summary: "Events whose processing failed for good, newest first, with their errors",
      tags: ["Events"],
      responses: { "200": jsonContent(ParkedList, "Parked events") },
    },
    async ({ brandId, query }) => ok(await listParkedEvents(brandId, query)),
  ),
});
