// /api/segments/summaries: segments with their kept size (by ids, or by name), for the dashboard's lists.
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { listSegmentSummaries, SegmentSummariesQuery } from "@/lib/segments/segment-summaries";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "segments.read", query: SegmentSummariesQuery }, async ({ brandId, query }) =>
    ok(await listSegmentSummaries(brandId, query)),
  ),
});
