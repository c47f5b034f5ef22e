// GET /api/contacts/{id}/events: the contact's processed events, newest first.
import { ContactEventsQuery } from "@/lib/events/schemas";
import { listContactEvents } from "@/lib/events/list-contact-events";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "contacts.read", params: IdParams, query: ContactEventsQuery }, async ({ brandId, params, query }) =>
    ok(await listContactEvents(brandId, params.id, query)),
  ),
});
