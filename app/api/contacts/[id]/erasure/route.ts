// /api/contacts/{id}/erasure: erase a contact and everything about them (GDPR), keeping an audit line.
import { eraseContact } from "@/lib/contacts/erase-contact";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "contacts.write", params: IdParams }, async ({ brandId, params, auth }) =>
    ok(await eraseContact(brandId, params.id, auth.userId ? `user:${auth.userId}` : `api:${auth.kind}`)),
  ),
});
