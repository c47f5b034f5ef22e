// GET /api/segments/suggestions: values the segment builder offers (tags, custom property names).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { segmentSuggestions } from "@/lib/segments/suggestions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "segments.read" }, async ({ brandId }) => ok(await segmentSuggestions(brandId))),
});
