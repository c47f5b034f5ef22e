// /api/segments/preview: count the contacts an unsaved segment definition matches (changes nothing).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { previewSegment, SegmentPreviewInput, SegmentPreviewSchema } from "@/lib/segments/preview-segment";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "segments.read",
      body: SegmentPreviewInput,
      summary: "Count the contacts an unsaved segment definition matches",
      description: "Evaluates condition groups without saving them (the dashboard's live count while editing a segment). Changes nothing.",
      tags: ["Segments"],
      responses: { "200": jsonContent(SegmentPreviewSchema, "The count") },
    },
    async ({ brandId, body }) => ok(await previewSegment(brandId, body)),
  ),
});
