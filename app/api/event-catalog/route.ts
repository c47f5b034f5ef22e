// GET /api/event-catalog: the recommended events with their versions and property JSON Schemas, and the
// brand's declared custom event schemas beside them.
import { eventCatalog } from "@/lib/events/metadata/event-catalog";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { SCOPES } from "@/lib/http/scopes";

const READ_SCOPES = ["events.write", ...SCOPES.filter((s) => s.endsWith(".read"))] as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: READ_SCOPES }, async ({ brandId }) => ok({ events: await eventCatalog(brandId) })),
});
