// /api/contacts/{id}: read and partially update one contact.
import { getContact } from "@/lib/contacts/contact-record";
import { ContactPatch, ContactSchema } from "@/lib/contacts/schemas";
import { updateContact } from "@/lib/contacts/update-contact";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { jsonContent, notFound, conflict } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "contacts.read",
      params: IdParams,
      summary: "One contact, with its segments and status history",
      tags: ["Contacts"],
      responses: { "200": jsonContent(ContactSchema, "The contact"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getContact(brandId, params.id)),
  ),
  PATCH: route(
    {
      scope: "contacts.write",
      params: IdParams,
      body: ContactPatch,
      summary: "Partially update a contact: only the fields sent change",
      tags: ["Contacts"],
      responses: {
        "200": jsonContent(ContactSchema, "The updated contact"),
        ...notFound,
        ...conflict("An identifier belongs to another contact"),
      },
    },
    async ({ brandId, params, body, auth }) => ok(await updateContact(brandId, { id: params.id }, body, { source: `api:${auth.kind}` })),
  ),
});
