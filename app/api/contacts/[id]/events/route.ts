// GET /api/contacts/{id}/events: the contact's processed events, newest first.
import { ContactEventsQuery, ContactEventsPage } from "@/lib/events/schemas";
import { listContactEvents } from "@/lib/events/list-contact-events";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "contacts.read",
      params: IdParams,
      query: ContactEventsQuery,
      summary: "A contact's processed events, newest first",
      tags: ["Contacts"],
      responses: { "200": jsonContent(ContactEventsPage, "A page of events"), ...notFound },
    },
    async ({ brandId, params, query }) => ok(await listContactEvents(brandId, params.id, query)),
  ),
});
