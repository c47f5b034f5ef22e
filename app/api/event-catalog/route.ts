// GET /api/event-catalog: the recommended events with their versions and property JSON Schemas, and the
// brand's declared custom event schemas beside them.
import { eventCatalog } from "@/lib/events/metadata/event-catalog";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { SCOPES } from "@/lib/http/scopes";
import { jsonContent } from "@/lib/openapi/common";
import { z } from "zod";
import { CatalogEventSchema } from "@/lib/events/catalog";

const READ_SCOPES = ["events.write", ...SCOPES.filter((s) => s.endsWith(".read"))] as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: READ_SCOPES,
      summary: "The recommended events and the brand's declared custom events: names, versions, descriptions and property JSON Schemas",
      tags: ["Events"],
      responses: { "200": jsonContent(z.object({ events: z.array(CatalogEventSchema) }), "The catalog") },
    },
    async ({ brandId }) => ok({ events: await eventCatalog(brandId) }),
  ),
});
