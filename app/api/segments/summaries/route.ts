// GET /api/segments/summaries: segments with their kept size (by ids, or by name), for the dashboard's lists.
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { listSegmentSummaries, SegmentSummariesQuery, SegmentSummaryList } from "@/lib/segments/segment-summaries";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "segments.read",
      query: SegmentSummariesQuery,
      summary: "Segments with their kept size: by ids (a page of a list), or by name (a picker)",
      description:
        "Each segment's record with `contactsCount` as last counted and `countedAt`: counted when its definition changes and again in the background while it gets older, so a list shows sizes without counting. The exact count now: GET /api/segments/{id}/statistics.",
      tags: ["Segments"],
      responses: { "200": jsonContent(SegmentSummaryList, "The segments") },
    },
    async ({ brandId, query }) => ok(await listSegmentSummaries(brandId, query)),
  ),
});
