// /api/campaigns/{id}: read, change a draft, delete.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { deleteCampaign, getCampaign } from "@/lib/campaigns/campaign-operations";
import { CampaignSchema, UpdateCampaignRequest } from "@/lib/campaigns/schemas";
import { updateCampaign } from "@/lib/campaigns/update-campaign";
import { conflict, jsonContent, notFound, unprocessable } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "campaigns.read",
      params: IdParams,
      summary: "Get campaign",
      tags: ["Campaigns"],
      responses: { "200": jsonContent(CampaignSchema, "The campaign"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getCampaign(brandId, params.id)),
  ),
  PATCH: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      body: UpdateCampaignRequest,
      summary: "Update campaign (draft status only)",
      description: "Only the fields given change; sendingSettings and abTest.settings are replaced whole; templates cannot change here.",
      tags: ["Campaigns"],
      responses: {
        "200": jsonContent(CampaignSchema, "The updated draft"),
        ...notFound,
        ...conflict("The campaign is not a draft"),
        ...unprocessable("A named sender is not a verified sender of the brand"),
      },
    },
    async ({ brandId, params, body }) => ok(await updateCampaign(brandId, params.id, body)),
  ),
  DELETE: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      summary: "Delete campaign",
      description: "204 also when no such campaign exists (as published). A draft booster goes with its parent.",
      tags: ["Campaigns"],
      responses: {
        "204": { description: "Deleted" },
        ...conflict("The campaign is scheduled, started, paused or stopped: cancel it first"),
      },
    },
    async ({ brandId, params }) => {
      await deleteCampaign(brandId, params.id);
      return noContent();
    },
  ),
});
