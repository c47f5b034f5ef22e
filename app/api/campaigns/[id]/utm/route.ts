// /api/campaigns/{id}/utm: the UTM tags links get (defaults filled in); a draft's can be replaced.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { getUtm, updateUtm } from "@/lib/campaigns/campaign-operations";
import { UTMResponse, UTMUpdate } from "@/lib/campaigns/schemas";
import { conflict, jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "campaigns.read",
      params: IdParams,
      summary: "Get campaign UTM settings",
      tags: ["Campaigns"],
      responses: { "200": jsonContent(UTMResponse, "tags, or variants for an A/B test"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getUtm(brandId, params.id)),
  ),
  PUT: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      body: UTMUpdate,
      summary: "Update campaign UTM settings",
      description: "Exactly one of tags (regular, booster) or variants (A/B test); drafts only; empty values reset to the defaults.",
      tags: ["Campaigns"],
      responses: { "200": jsonContent(UTMResponse, "The tags now"), ...notFound, ...conflict("The campaign is not a draft") },
    },
    async ({ brandId, params, body }) => ok(await updateUtm(brandId, params.id, body)),
  ),
});
