// GET /v4/contacts/id:{id} | email:{email} | phoneNumber:{phone} (deprecated): one contact in v4's shape.
import { ok } from "@/lib/http/responses";
import { lookupContactV4, lookupSuccessor } from "@/lib/v4/lookup-contact";
import { v4Methods, v4Route } from "@/lib/v4/route";
import { V4LookupParams } from "@/lib/v4/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = v4Methods(lookupSuccessor, {
  GET: v4Route("contacts", lookupSuccessor, { scope: "contacts.read", params: V4LookupParams }, async ({ brandId, params }) =>
    ok(await lookupContactV4(brandId, params.lookup)),
  ),
});
