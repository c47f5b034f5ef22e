// GET /api/campaigns/{id}/report: Inkwell extra, the campaign's figures (all, per A/B part, per day) and clicks per link.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { campaignReport } from "@/lib/campaigns/report";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "campaigns.read", params: IdParams }, async ({ brandId, params }) => ok(await campaignReport(brandId, params.id))),
});
