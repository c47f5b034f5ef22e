// /api/event-log/{id}: one accepted event with its processing result and contact.
import { getEventLogEntry } from "@/lib/events/log/event-log";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "contacts.read", params: IdParams }, async ({ brandId, params }) => ok(await getEventLogEntry(brandId, params.id))),
});
