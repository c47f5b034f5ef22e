// GET /v4/contacts/id:{id} | email:{email} | phoneNumber:{phone} (deprecated): one contact in v4's shape.
import { ok } from "@/lib/http/responses";
import { lookupContactV4, lookupSuccessor } from "@/lib/v4/lookup-contact";
import { v4Methods, v4Route } from "@/lib/v4/route";
import { jsonContent, notFound } from "@/lib/openapi/common";
import { V4ContactSchema, V4LookupParams } from "@/lib/v4/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = v4Methods(lookupSuccessor, {
  GET: v4Route(
    "contacts",
    lookupSuccessor,
    {
      scope: "contacts.read",
      params: V4LookupParams,
      summary: "One contact by id:{id}, email:{email} or phoneNumber:{phone} (v4); use GET /api/contacts/{id} or ?email= / ?phone=",
      description: "Returns one contact in v4's shape (top-level email, phoneNumber, optIns, optOuts, consents).",
      responses: { "200": jsonContent(V4ContactSchema, "The contact"), ...notFound },
    },
    async ({ brandId, params }) => ok(await lookupContactV4(brandId, params.lookup)),
  ),
});
