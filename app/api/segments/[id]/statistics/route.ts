// /api/segments/{id}/statistics: the segment's contact count, evaluated by the database.
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { segmentStatistics } from "@/lib/segments/segment-statistics";
import { jsonContent, notFound } from "@/lib/openapi/common";
import { SegmentStatisticsSchema } from "@/lib/segments/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "segments.read",
      params: IdParams,
      summary: "How many contacts the segment holds now (evaluated by the database)",
      tags: ["Segments"],
      responses: { "200": jsonContent(SegmentStatisticsSchema, "Statistics"), ...notFound },
    },
    async ({ brandId, params }) => ok(await segmentStatistics(brandId, params.id)),
  ),
});
