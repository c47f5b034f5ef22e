// POST /v4/identify (deprecated): v4 contact upsert, served by POST /api/contacts' code. 202 as in v4.
import { accepted } from "@/lib/http/responses";
import { identifyV4 } from "@/lib/v4/identify";
import { v4Methods, v4Route } from "@/lib/v4/route";
import { conflict, jsonContent } from "@/lib/openapi/common";
import { V4IdentifyAccepted, V4IdentifyInput } from "@/lib/v4/schemas";

const SUCCESSOR = "/api/contacts";

export const { GET, POST, PUT, PATCH, DELETE } = v4Methods(SUCCESSOR, {
  POST: v4Route(
    "identify",
    SUCCESSOR,
    {
      scope: "contacts.write",
      body: V4IdentifyInput,
      summary: "Create or update a contact (v4); use POST /api/contacts",
      description:
        "Mapping: email and phoneNumber become identifiers, optIns/optOuts the channel status (subscribed/unsubscribed) of the identifier, consents the identifier's consent. The upsert runs before the answer; 202 is kept from v4.",
      responses: {
        "202": jsonContent(V4IdentifyAccepted, "The contact was stored; its id"),
        ...conflict("email or phoneNumber belongs to another contact"),
      },
    },
    async ({ brandId, body }) => accepted(await identifyV4(brandId, body)),
  ),
});
