// /api/segments/{id}/statistics: the segment's contact count, evaluated by the database.
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { segmentStatistics } from "@/lib/segments/segment-statistics";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "segments.read", params: IdParams }, async ({ brandId, params }) => ok(await segmentStatistics(brandId, params.id))),
});
