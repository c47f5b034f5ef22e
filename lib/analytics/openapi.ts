// OpenAPI paths of the analytics endpoints (the published Analytics API's two operations, with Inkwell's
// metric, dimension, granularity, operator and interval names, which the published document leaves out).
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { jsonContent, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { ReportRequest, ReportResponse, StatisticsRequest, StatisticsResponse } from "./schemas";

const tags = ["Analytics"];

export const analyticsPaths: ZodOpenApiPathsObject = {
  "/api/analytics/reports": {
    post: {
      summary: "Generate report",
      description:
        "Delivery and engagement figures of campaigns and automations grouped by message send date (a campaign's counters all go to the day its send started). At most 4 queries; a query without dimensions is one row of totals. Rate limited to RATE_LIMIT_ANALYTICS_PER_MINUTE (10) per minute per credential. Revenue attribution is not available.",
      tags,
      security: security("analytics.read"),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: ReportRequest } } },
      responses: { "200": jsonContent(ReportResponse, "One result per query, in order"), ...standardErrors },
    },
  },
  "/api/analytics/statistics": {
    post: {
      summary: "Generate report (by event date)",
      description:
        "The same figures grouped by the date of the outcome (when the open, click or bounce happened). Every query needs a timestamp dimension. Audience growth and client, click, subscription or deliverability dimensions are not available.",
      tags,
      security: security("analytics.read"),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: StatisticsRequest } } },
      responses: { "200": jsonContent(StatisticsResponse, "One result per query, in order"), ...standardErrors },
    },
  },
};
