// GET /api/segments/suggestions: values the segment builder offers (tags, custom properties and their
// values, profile field values, received events; with ?event=, the values of that event's properties).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { segmentSuggestions, SegmentSuggestionsQuery, SegmentSuggestionsSchema } from "@/lib/segments/suggestions";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "segments.read",
      query: SegmentSuggestionsQuery,
      summary: "Values the segment builder offers: tags, custom properties and profile fields with their common values, received events",
      description:
        "With `event`, also the common values of that event's properties. Event schemas (recommended and declared events, origins, property trees): POST /api/event-metadata/query with includeProperties.",
      tags: ["Segments"],
      responses: { "200": jsonContent(SegmentSuggestionsSchema, "Suggestions") },
    },
    async ({ brandId, query }) => ok(await segmentSuggestions(brandId, query)),
  ),
});
