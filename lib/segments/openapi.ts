// OpenAPI paths of the segments endpoints.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { conflict, jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { IdParams } from "@/lib/http/route";
import { SegmentInput, SegmentListQuery, SegmentListSchema, SegmentSchema, SegmentStatisticsSchema } from "./schemas";

const tags = ["Segments"];
const body = { content: { "application/json": { schema: SegmentInput } } };

export const segmentPaths: ZodOpenApiPathsObject = {
  "/api/segments": {
    get: {
      summary: "List segments",
      tags,
      security: security("segments.read"),
      requestParams: { header: VersionHeader, query: SegmentListQuery },
      responses: { "200": jsonContent(SegmentListSchema, "A page of segments"), ...standardErrors },
    },
    post: {
      summary: "Create a segment",
      description:
        "Conditions in the published filter language: groups OR-ed, conditions inside a group AND-ed, each condition's filters joined by its junction. The new segment is building until its first count is taken (moments).",
      tags,
      security: security("segments.write"),
      requestParams: { header: VersionHeader },
      requestBody: body,
      responses: { "201": jsonContent(SegmentSchema, "The new segment"), ...standardErrors },
    },
  },
  "/api/segments/{id}": {
    get: {
      summary: "One segment",
      tags,
      security: security("segments.read"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(SegmentSchema, "The segment"), ...notFound, ...standardErrors },
    },
    put: {
      summary: "Replace a segment's name and conditions",
      description: "The segment is building again until its new definition is counted.",
      tags,
      security: security("segments.write"),
      requestParams: { header: VersionHeader, path: IdParams },
      requestBody: body,
      responses: {
        "200": jsonContent(SegmentSchema, "The segment"),
        ...notFound,
        ...conflict("The segment is being built (retry in a moment)"),
        ...standardErrors,
      },
    },
    delete: {
      summary: "Delete a segment",
      tags,
      security: security("segments.write"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: {
        "204": { description: "Deleted" },
        ...notFound,
        ...conflict("The segment is being built (retry in a moment)"),
        ...standardErrors,
      },
    },
  },
  "/api/segments/{id}/statistics": {
    get: {
      summary: "How many contacts the segment holds now (evaluated by the database)",
      tags,
      security: security("segments.read"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(SegmentStatisticsSchema, "Statistics"), ...notFound, ...standardErrors },
    },
  },
};
