// /api/segments/preview: count the contacts an unsaved segment definition matches (changes nothing).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { previewSegment, SegmentPreviewInput } from "@/lib/segments/preview-segment";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "segments.read", body: SegmentPreviewInput }, async ({ brandId, body }) => ok(await previewSegment(brandId, body))),
});
