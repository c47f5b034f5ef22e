// POST /api/analytics/reports: delivery and engagement figures grouped by message send date, in the published query shape.
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { runReports } from "@/lib/analytics/run-queries";
import { ReportRequest, ReportResponse } from "@/lib/analytics/schemas";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "analytics.read",
      body: ReportRequest,
      rateLimit: "analytics",
      summary: "Generate report",
      description:
        "Delivery and engagement figures of campaigns and automations grouped by message send date (a campaign's counters all go to the day its send started). At most 4 queries; a query without dimensions is one row of totals. Rate limited to RATE_LIMIT_ANALYTICS_PER_MINUTE (10) per minute per credential. Revenue attribution is not available.",
      tags: ["Analytics"],
      responses: { "200": jsonContent(ReportResponse, "One result per query, in order") },
    },
    async ({ brandId, body }) => ok({ reports: await runReports(brandId, body.queries) }),
  ),
});
