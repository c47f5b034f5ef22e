// /api/contacts/{id}: read and partially update one contact.
import { getContact } from "@/lib/contacts/contact-record";
import { ContactPatch } from "@/lib/contacts/schemas";
import { updateContact } from "@/lib/contacts/update-contact";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "contacts.read", params: IdParams }, async ({ brandId, params }) => ok(await getContact(brandId, params.id))),
  PATCH: route({ scope: "contacts.write", params: IdParams, body: ContactPatch }, async ({ brandId, params, body, auth }) =>
    ok(await updateContact(brandId, { id: params.id }, body, { source: `api:${auth.kind}` })),
  ),
});
