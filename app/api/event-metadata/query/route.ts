// POST /api/event-metadata/query: the events the brand can use (recommended, declared, received), with
// their property trees on request. Any valid credential may read it (published: no scope).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { QueryEventsRequest } from "@/lib/events/metadata/schemas";
import { queryEventMetadata } from "@/lib/events/metadata/query-metadata";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: null, body: QueryEventsRequest }, async ({ brandId, body }) => ok(await queryEventMetadata(brandId, body))),
});
