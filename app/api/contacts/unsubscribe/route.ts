// POST /api/contacts/unsubscribe: unsubscribe up to 250 contacts from email (the dashboard's bulk action).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { UnsubscribeRequest, unsubscribeContacts } from "@/lib/contacts/unsubscribe-contacts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "contacts.write", body: UnsubscribeRequest }, async ({ brandId, body, auth }) =>
    ok(await unsubscribeContacts(brandId, body, { source: `api:${auth.kind}` })),
  ),
});
