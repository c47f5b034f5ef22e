// GET /api/contacts/{id}/automations: the contact's journeys through automation workflows, newest first.
import { route } from "@/lib/api/route";
import { contactJourneys, JourneysQuery } from "@/lib/automations/journeys";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: ["contacts.read", "automations.read"], params: IdParams, query: JourneysQuery }, async ({ brandId, params, query }) =>
    ok(await contactJourneys(brandId, params.id, query.limit)),
  ),
});
