// /api/segments/{id}: read, replace, delete.
import { noContent, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { getSegment } from "@/lib/segments/get-segment";
import { SegmentInput } from "@/lib/segments/schemas";
import { deleteSegment, replaceSegment } from "@/lib/segments/write-segment";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "segments.read", params: IdParams }, async ({ brandId, params }) => ok(await getSegment(brandId, params.id))),
  PUT: route({ scope: "segments.write", params: IdParams, body: SegmentInput }, async ({ brandId, params, body }) =>
    ok(await replaceSegment(brandId, params.id, body)),
  ),
  DELETE: route({ scope: "segments.write", params: IdParams }, async ({ brandId, params }) => {
    await deleteSegment(brandId, params.id);
    return noContent();
  }),
});
