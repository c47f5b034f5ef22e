// GET /api/event-identities: the identities (name, origin, version) the brand's events arrived under,
// with conflicts flagged (one event name under two identities).
import { listIdentities } from "@/lib/events/identities";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "events.write" }, async ({ brandId }) => ok(await listIdentities(brandId))),
});
