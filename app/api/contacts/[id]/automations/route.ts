// GET /api/contacts/{id}/automations: the contact's journeys through automation workflows, newest first.
import { route } from "@/lib/api/route";
import { contactJourneys, JourneyList, JourneysQuery } from "@/lib/automations/journeys";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: ["contacts.read", "automations.read"],
      params: IdParams,
      query: JourneysQuery,
      summary: "A contact's journeys through automations",
      description:
        "Newest first: each workflow the contact was enrolled in, where it is (block, waiting until) or how it ended, and what its blocks did.",
      tags: ["Contacts", "Automations"],
      responses: { "200": jsonContent(JourneyList, "The journeys"), ...notFound },
    },
    async ({ brandId, params, query }) => ok(await contactJourneys(brandId, params.id, query.limit)),
  ),
});
