// GET /api/campaigns/{id}/recipients: Inkwell extra, the campaign's messages with their outcomes, filterable, paged.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { campaignRecipients } from "@/lib/campaigns/report";
import { RecipientsQuery, RecipientsSchema } from "@/lib/campaigns/report-schemas";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "campaigns.read",
      params: IdParams,
      query: RecipientsQuery,
      summary: "A campaign's recipients and their outcomes (Inkwell extra)",
      tags: ["Campaigns"],
      responses: { "200": jsonContent(RecipientsSchema, "A page of recipients, newest first"), ...notFound },
    },
    async ({ brandId, params, query }) => ok(await campaignRecipients(brandId, params.id, query)),
  ),
});
