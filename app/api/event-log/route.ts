// /api/event-log: the brand's accepted events, newest first, filterable (the Events page's live stream).
import { EventLogQuery, listEventLog, EventLogList } from "@/lib/events/log/event-log";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "contacts.read",
      query: EventLogQuery,
      summary: "Accepted events, newest first, in every processing state (the Events page's live stream)",
      description:
        "Filters: name (prefix), contact (email, phone or id), from/to (received), since (an event id: only newer ones, for polling).",
      tags: ["Events"],
      responses: { "200": jsonContent(EventLogList, "Events") },
    },
    async ({ brandId, query }) => ok(await listEventLog(brandId, query)),
  ),
});
