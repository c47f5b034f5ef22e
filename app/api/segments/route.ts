// /api/segments: list and create.
import { created, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { listSegments } from "@/lib/segments/list-segments";
import { SegmentInput, SegmentListQuery } from "@/lib/segments/schemas";
import { createSegment } from "@/lib/segments/write-segment";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "segments.read", query: SegmentListQuery }, async ({ brandId, query }) => ok(await listSegments(brandId, query))),
  POST: route({ scope: "segments.write", body: SegmentInput }, async ({ brandId, body }) => created(await createSegment(brandId, body))),
});
