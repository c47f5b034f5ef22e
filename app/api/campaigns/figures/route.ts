// GET /api/campaigns/figures?ids=...: Inkwell extra, the list's open and click rates for a page of campaigns in one request.
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { campaignFigures } from "@/lib/campaigns/report";
import { CampaignListFiguresSchema, FiguresQuery } from "@/lib/campaigns/report-schemas";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "campaigns.read",
      query: FiguresQuery,
      summary: "Open and click rates of a page of campaigns (Inkwell extra)",
      description: "One request for the rows of a list page, from counters kept as outcomes arrive.",
      tags: ["Campaigns"],
      responses: { "200": jsonContent(CampaignListFiguresSchema, "Figures per campaign") },
    },
    async ({ brandId, query }) => ok(await campaignFigures(brandId, query.ids)),
  ),
});
