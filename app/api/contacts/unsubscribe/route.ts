// POST /api/contacts/unsubscribe: unsubscribe up to 250 contacts from email (the dashboard's bulk action).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { UnsubscribeRequest, unsubscribeContacts, UnsubscribeResult } from "@/lib/contacts/unsubscribe-contacts";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "contacts.write",
      body: UnsubscribeRequest,
      summary: "Unsubscribe up to 250 contacts from email",
      description:
        "Every email address of the named contacts that is not unsubscribed yet becomes unsubscribed, with a status history line (source api:session from the dashboard), as a PATCH of the channel status records it. Ids of no contact of the brand are ignored; running it again changes nothing.",
      tags: ["Contacts"],
      responses: { "200": jsonContent(UnsubscribeResult, "How many contacts changed") },
    },
    async ({ brandId, body, auth }) => ok(await unsubscribeContacts(brandId, body, { source: `api:${auth.kind}` })),
  ),
});
