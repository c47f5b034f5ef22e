// GET /api/events/parked: events whose processing failed for good, with their errors.
import { listParkedEvents, ParkedQuery } from "@/lib/events/list-parked";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "events.write", query: ParkedQuery }, async ({ brandId, query }) => ok(await listParkedEvents(brandId, query))),
});
