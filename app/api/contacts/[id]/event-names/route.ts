// GET /api/contacts/{id}/event-names: the names of the contact's events, with counts (the profile's filter).
import { listContactEventNames } from "@/lib/events/contact-event-names";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "contacts.read", params: IdParams }, async ({ brandId, params }) =>
    ok(await listContactEventNames(brandId, params.id)),
  ),
});
