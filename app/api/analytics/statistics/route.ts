// POST /api/analytics/statistics: the same figures grouped by the date of the outcome (a timestamp dimension is required).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { runStatistics } from "@/lib/analytics/run-queries";
import { StatisticsRequest } from "@/lib/analytics/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "analytics.read", body: StatisticsRequest, rateLimit: "analytics" }, async ({ brandId, body }) =>
    ok({ statistics: await runStatistics(brandId, body.queries) }),
  ),
});
