// GET /api/contacts/{id}/event-names: the names of the contact's events, with counts (the profile's filter).
import { listContactEventNames, ContactEventNames } from "@/lib/events/contact-event-names";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "contacts.read",
      params: IdParams,
      summary: "The names of a contact's processed events, with counts and the latest time of each",
      tags: ["Contacts"],
      responses: { "200": jsonContent(ContactEventNames, "Event names, most frequent first"), ...notFound },
    },
    async ({ brandId, params }) => ok(await listContactEventNames(brandId, params.id)),
  ),
});
