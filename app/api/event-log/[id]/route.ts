// /api/event-log/{id}: one accepted event with its processing result and contact.
import { getEventLogEntry, EventLogDetail } from "@/lib/events/log/event-log";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "contacts.read",
      params: IdParams,
      summary: "One accepted event with its processing result and the contact it was attached to",
      tags: ["Events"],
      responses: { "200": jsonContent(EventLogDetail, "The event"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getEventLogEntry(brandId, params.id)),
  ),
});
