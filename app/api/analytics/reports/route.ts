// POST /api/analytics/reports: delivery and engagement figures grouped by message send date, in the published query shape.
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { runReports } from "@/lib/analytics/run-queries";
import { ReportRequest } from "@/lib/analytics/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "analytics.read", body: ReportRequest, rateLimit: "analytics" }, async ({ brandId, body }) =>
    ok({ reports: await runReports(brandId, body.queries) }),
  ),
});
