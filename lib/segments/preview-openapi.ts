// OpenAPI paths of the segment endpoints of the dashboard: the preview (live count), the builder's
// suggestions and the summaries (kept sizes) of its lists.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { jsonContent, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { SegmentPreviewInput, SegmentPreviewSchema } from "./preview-segment";
import { SegmentSummariesQuery, SegmentSummaryList } from "./segment-summaries";
import { SegmentSuggestionsQuery, SegmentSuggestionsSchema } from "./suggestions";

export const segmentPreviewPaths: ZodOpenApiPathsObject = {
  "/api/segments/preview": {
    post: {
      summary: "Count the contacts an unsaved segment definition matches",
      description: "Evaluates condition groups without saving them (the dashboard's live count while editing a segment). Changes nothing.",
      tags: ["Segments"],
      security: security("segments.read"),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: SegmentPreviewInput } } },
      responses: { "200": jsonContent(SegmentPreviewSchema, "The count"), ...standardErrors },
    },
  },
  "/api/segments/suggestions": {
    get: {
      summary: "Values the segment builder offers: tags, custom properties and profile fields with their common values, received events",
      description:
        "With `event`, also the common values of that event's properties. Event schemas (recommended and declared events, origins, property trees): POST /api/event-metadata/query with includeProperties.",
      tags: ["Segments"],
      security: security("segments.read"),
      requestParams: { header: VersionHeader, query: SegmentSuggestionsQuery },
      responses: { "200": jsonContent(SegmentSuggestionsSchema, "Suggestions"), ...standardErrors },
    },
  },
  "/api/segments/summaries": {
    get: {
      summary: "Segments with their kept size: by ids (a page of a list), or by name (a picker)",
      description:
        "Each segment's record with `contactsCount` as last counted and `countedAt`: counted when its definition changes and again in the background while it gets older, so a list shows sizes without counting. The exact count now: GET /api/segments/{id}/statistics.",
      tags: ["Segments"],
      security: security("segments.read"),
      requestParams: { header: VersionHeader, query: SegmentSummariesQuery },
      responses: { "200": jsonContent(SegmentSummaryList, "The segments"), ...standardErrors },
    },
  },
};
