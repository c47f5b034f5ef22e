// /api/contacts: list with filters, upsert (201 created / 200 updated), and PATCH by ?email=.
import { listContacts } from "@/lib/contacts/list-contacts";
import { ContactInput, ContactListQuery, ContactPatch, EmailQuery } from "@/lib/contacts/schemas";
import { updateContact } from "@/lib/contacts/update-contact";
import { upsertContact } from "@/lib/contacts/upsert-contact";
import { created, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "contacts.read", query: ContactListQuery }, async ({ brandId, query }) => ok(await listContacts(brandId, query))),
  POST: route({ scope: "contacts.write", body: ContactInput }, async ({ brandId, body, auth }) => {
    const { contact, created: isNew } = await upsertContact(brandId, body, { source: `api:${auth.kind}` });
    return isNew ? created(contact) : ok(contact);
  }),
  PATCH: route({ scope: "contacts.write", query: EmailQuery, body: ContactPatch }, async ({ brandId, body, query, auth }) =>
    ok(await updateContact(brandId, { email: query.email }, body, { source: `api:${auth.kind}` })),
  ),
});
