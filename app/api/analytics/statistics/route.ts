// POST /api/analytics/statistics: the same figures grouped by the date of the outcome (a timestamp dimension is required).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { runStatistics } from "@/lib/analytics/run-queries";
import { StatisticsRequest, StatisticsResponse } from "@/lib/analytics/schemas";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "analytics.read",
      body: StatisticsRequest,
      rateLimit: "analytics",
      summary: "Generate report (by event date)",
      description:
        "The same figures grouped by the date of the outcome (when the open, click or bounce happened). Every query needs a timestamp dimension. Audience growth and client, click, subscription or deliverability dimensions are not available.",
      tags: ["Analytics"],
      responses: { "200": jsonContent(StatisticsResponse, "One result per query, in order") },
    },
    async ({ brandId, body }) => ok({ statistics: await runStatistics(brandId, body.queries) }),
  ),
});
