// /api/campaigns: list (filters, sorting, cursors) and create, as published.
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { createCampaign } from "@/lib/campaigns/create-campaign";
import { listCampaigns } from "@/lib/campaigns/list-campaigns";
import { CampaignListQuery, CampaignSchema, CampaignsResponse, CreateCampaignRequest } from "@/lib/campaigns/schemas";
import { conflict, jsonContent, notFound, unprocessable } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "campaigns.read",
      query: CampaignListQuery,
      summary: "List campaigns with filtering, sorting, and cursor pagination",
      description:
        "Filters: status and channel (repeat for OR), type, parentCampaignID (a campaign's boosters), nameContains, created and updated ranges. sort createdAt (default), updatedAt or name; direction only with sort (default desc). Unknown parameters, and after with before, answer 400.",
      tags: ["Campaigns"],
      responses: { "200": jsonContent(CampaignsResponse, "A page of campaigns") },
    },
    async ({ brandId, query }) => ok(await listCampaigns(brandId, query)),
  ),
  POST: route(
    {
      scope: "campaigns.write",
      body: CreateCampaignRequest,
      summary: "Create campaign",
      description:
        "A new draft. Regular email campaigns need content.email.templateID; A/B tests carry content per variant; a booster names its parent (a regular email campaign, draft or sent; one booster per parent). sms and push answer 422 (not sent by Inkwell yet), as does an omitted senderEmail when the brand has no verified sender, or a named one that is not verified. Booster only: 404 when the parent is not in the brand, 409 when it has a booster already or is neither draft nor sent.",
      tags: ["Campaigns"],
      responses: {
        "201": jsonContent(CampaignSchema, "The new draft"),
        ...notFound,
        ...conflict("Booster only: the parent has a booster already, or its status is not draft or sent"),
        ...unprocessable("The channel is not supported (sms, push), or the sender is not a verified sender of the brand"),
      },
    },
    async ({ brandId, body }) => created(await createCampaign(brandId, body)),
  ),
});
