// /api/segments: list and create.
import { created, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { listSegments } from "@/lib/segments/list-segments";
import { SegmentInput, SegmentListQuery, SegmentListSchema, SegmentSchema } from "@/lib/segments/schemas";
import { createSegment } from "@/lib/segments/write-segment";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "segments.read",
      query: SegmentListQuery,
      summary: "List segments",
      tags: ["Segments"],
      responses: { "200": jsonContent(SegmentListSchema, "A page of segments") },
    },
    async ({ brandId, query }) => ok(await listSegments(brandId, query)),
  ),
  POST: route(
    {
      scope: "segments.write",
      body: SegmentInput,
      summary: "Create a segment",
      description:
        "Conditions in the published filter language: groups OR-ed, conditions inside a group AND-ed, each condition's filters joined by its junction. The new segment is building until its first count is taken (moments).",
      tags: ["Segments"],
      responses: { "201": jsonContent(SegmentSchema, "The new segment") },
    },
    async ({ brandId, body }) => created(await createSegment(brandId, body)),
  ),
});
