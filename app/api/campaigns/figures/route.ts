// GET /api/campaigns/figures?ids=...: Inkwell extra, the list's open and click rates for a page of campaigns in one request.
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { campaignFigures } from "@/lib/campaigns/report";
import { FiguresQuery } from "@/lib/campaigns/report-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "campaigns.read", query: FiguresQuery }, async ({ brandId, query }) => ok(await campaignFigures(brandId, query.ids))),
});
