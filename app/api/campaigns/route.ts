// /api/campaigns: list (filters, sorting, cursors) and create, as published.
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { createCampaign } from "@/lib/campaigns/create-campaign";
import { listCampaigns } from "@/lib/campaigns/list-campaigns";
import { CampaignListQuery, CreateCampaignRequest } from "@/lib/campaigns/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "campaigns.read", query: CampaignListQuery }, async ({ brandId, query }) => ok(await listCampaigns(brandId, query))),
  POST: route({ scope: "campaigns.write", body: CreateCampaignRequest }, async ({ brandId, body }) =>
    created(await createCampaign(brandId, body)),
  ),
});
