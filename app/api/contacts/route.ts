// /api/contacts: list with filters, upsert (201 created / 200 updated), and PATCH by ?email=.
import { listContacts } from "@/lib/contacts/list-contacts";
import { ContactInput, ContactListQuery, ContactPatch, EmailQuery, ContactListSchema, ContactSchema } from "@/lib/contacts/schemas";
import { updateContact } from "@/lib/contacts/update-contact";
import { upsertContact } from "@/lib/contacts/upsert-contact";
import { created, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { jsonContent, notFound, conflict } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "contacts.read",
      query: ContactListQuery,
      summary: "List contacts, or look one up by email or phone",
      description:
        "Filters: email, phone (E.164, + encoded as %2B), status, tag, segmentID, updatedAtFrom. `tag` with `status`, or `updatedAtFrom` with any other filter: 400. An unknown segmentID: 404.",
      tags: ["Contacts"],
      responses: { "200": jsonContent(ContactListSchema, "A page of contacts"), ...notFound },
    },
    async ({ brandId, query }) => ok(await listContacts(brandId, query)),
  ),
  POST: route(
    {
      scope: "contacts.write",
      body: ContactInput,
      summary: "Create or update a contact (upsert)",
      description:
        "Matched by an email identifier (case-insensitive), else by a phone identifier. 201 when created, 200 when updated. Identifiers merge by (type, id); custom properties merge key by key; tags, when given, replace the contact's tags.",
      tags: ["Contacts"],
      responses: {
        "200": jsonContent(ContactSchema, "An existing contact was updated"),
        "201": jsonContent(ContactSchema, "A contact was created"),
        ...conflict("An identifier of the request belongs to another contact"),
      },
    },
    async ({ brandId, body, auth }) => {
      const { contact, created: isNew } = await upsertContact(brandId, body, { source: `api:${auth.kind}` });
      return isNew ? created(contact) : ok(contact);
    },
  ),
  PATCH: route(
    {
      scope: "contacts.write",
      query: EmailQuery,
      body: ContactPatch,
      summary: "Partially update the contact with this email",
      tags: ["Contacts"],
      responses: {
        "200": jsonContent(ContactSchema, "The updated contact"),
        ...notFound,
        ...conflict("An identifier belongs to another contact"),
      },
    },
    async ({ brandId, body, query, auth }) =>
      ok(await updateContact(brandId, { email: query.email }, body, { source: `api:${auth.kind}` })),
  ),
});
