// OpenAPI paths of the segments endpoints.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
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
      tags,
      security: security("segments.write"),
      requestParams: { header: VersionHeader, path: IdParams },
      requestBody: body,
      responses: { "200": jsonContent(SegmentSchema, "The segment"), ...notFound, ...standardErrors },
    },
    delete: {
      summary: "Delete a segment",
      tags,
      security: security("segments.write"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "204": { description: "Deleted" }, ...notFound, ...standardErrors },
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
