// POST /v4/identify (deprecated): v4 contact upsert, served by POST /api/contacts' code. 202 as in v4.
import { accepted } from "@/lib/http/responses";
import { identifyV4 } from "@/lib/v4/identify";
import { v4Methods, v4Route } from "@/lib/v4/route";
import { V4IdentifyInput } from "@/lib/v4/schemas";

const SUCCESSOR = "/api/contacts";

export const { GET, POST, PUT, PATCH, DELETE } = v4Methods(SUCCESSOR, {
  POST: v4Route("identify", SUCCESSOR, { scope: "contacts.write", body: V4IdentifyInput }, async ({ brandId, body }) =>
    accepted(await identifyV4(brandId, body)),
  ),
});
