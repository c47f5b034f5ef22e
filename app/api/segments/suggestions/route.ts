// GET /api/segments/suggestions: values the segment builder offers (tags, custom properties and their
// values, profile field values, received events; with ?event=, the values of that event's properties).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { segmentSuggestions, SegmentSuggestionsQuery } from "@/lib/segments/suggestions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "segments.read", query: SegmentSuggestionsQuery }, async ({ brandId, query }) =>
    ok(await segmentSuggestions(brandId, query)),
  ),
});
