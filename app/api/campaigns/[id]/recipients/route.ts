// GET /api/campaigns/{id}/recipients: Inkwell extra, the campaign's messages with their outcomes, filterable, paged.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { campaignRecipients } from "@/lib/campaigns/report";
import { RecipientsQuery } from "@/lib/campaigns/report-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "campaigns.read", params: IdParams, query: RecipientsQuery }, async ({ brandId, params, query }) =>
    ok(await campaignRecipients(brandId, params.id, query)),
  ),
});
