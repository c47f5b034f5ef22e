// /api/contacts/{id}/erasure: erase a contact and everything about them (GDPR), keeping an audit line.
import { eraseContact, ErasureSchema } from "@/lib/contacts/erase-contact";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "contacts.write",
      params: IdParams,
      summary: "Erase a contact (GDPR): the contact, its identifiers and events are deleted; an audit line is kept",
      tags: ["Contacts"],
      responses: { "200": jsonContent(ErasureSchema, "The audit line"), ...notFound },
    },
    async ({ brandId, params, auth }) =>
      ok(await eraseContact(brandId, params.id, auth.userId ? `user:${auth.userId}` : `api:${auth.kind}`)),
  ),
});
