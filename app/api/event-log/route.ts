// /api/event-log: the brand's accepted events, newest first, filterable (the Events page's live stream).
import { EventLogQuery, listEventLog } from "@/lib/events/log/event-log";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "contacts.read", query: EventLogQuery }, async ({ brandId, query }) => ok(await listEventLog(brandId, query))),
});
