// GET /api/campaigns/{id}/report: Inkwell extra, the campaign's figures (all, per A/B part, per day) and clicks per link.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { campaignReport } from "@/lib/campaigns/report";
import { jsonContent, notFound } from "@/lib/openapi/common";
import { CampaignReportSchema } from "@/lib/campaigns/report-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "campaigns.read",
      params: IdParams,
      summary: "A campaign's report (Inkwell extra)",
      description:
        "Recipients, deliveries, bounces, unique and total opens and clicks, click-through rate, unsubscribes, complaints, machine opens and clicks apart; in all, per A/B part and per day; clicks per link. Read from counters kept as outcomes arrive.",
      tags: ["Campaigns"],
      responses: { "200": jsonContent(CampaignReportSchema, "The report"), ...notFound },
    },
    async ({ brandId, params }) => ok(await campaignReport(brandId, params.id)),
  ),
});
