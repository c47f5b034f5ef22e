// /api/segments/{id}: read, replace, delete.
import { noContent, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { getSegment } from "@/lib/segments/get-segment";
import { SegmentInput, SegmentSchema } from "@/lib/segments/schemas";
import { deleteSegment, replaceSegment } from "@/lib/segments/write-segment";
import { jsonContent, notFound, conflict } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "segments.read",
      params: IdParams,
      summary: "One segment",
      tags: ["Segments"],
      responses: { "200": jsonContent(SegmentSchema, "The segment"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getSegment(brandId, params.id)),
  ),
  PUT: route(
    {
      scope: "segments.write",
      params: IdParams,
      body: SegmentInput,
      summary: "Replace a segment's name and conditions",
      description: "The segment is building again until its new definition is counted.",
      tags: ["Segments"],
      responses: {
        "200": jsonContent(SegmentSchema, "The segment"),
        ...notFound,
        ...conflict("The segment is being built (retry in a moment)"),
      },
    },
    async ({ brandId, params, body }) => ok(await replaceSegment(brandId, params.id, body)),
  ),
  DELETE: route(
    {
      scope: "segments.write",
      params: IdParams,
      summary: "Delete a segment",
      tags: ["Segments"],
      responses: { "204": { description: "Deleted" }, ...notFound, ...conflict("The segment is being built (retry in a moment)") },
    },
    async ({ brandId, params }) => {
      await deleteSegment(brandId, params.id);
      return noContent();
    },
  ),
});
