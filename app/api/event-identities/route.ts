// GET /api/event-identities: the identities (name, origin, version) the brand's events arrived under,
// with conflicts flagged (one event name under two identities).
import { listIdentities, EventIdentityList } from "@/lib/events/identities";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "events.write",
      summary: "Identities (name, origin, version) the brand's events arrived under, with conflicts flagged",
      tags: ["Events"],
      responses: { "200": jsonContent(EventIdentityList, "Identities by name") },
    },
    async ({ brandId }) => ok(await listIdentities(brandId)),
  ),
});
