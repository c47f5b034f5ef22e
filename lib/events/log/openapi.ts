// OpenAPI paths of the dashboard's event log.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { IdParams } from "@/lib/http/route";
import { jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { EventLogDetail, EventLogList, EventLogQuery } from "./event-log";

export const eventLogPaths: ZodOpenApiPathsObject = {
  "/api/event-log": {
    get: {
      summary: "Accepted events, newest first, in every processing state (the Events page's live stream)",
      description:
        "Filters: name (prefix), contact (email, phone or id), from/to (received), since (an event id: only newer ones, for polling).",
      tags: ["Events"],
      security: security("contacts.read"),
      requestParams: { header: VersionHeader, query: EventLogQuery },
      responses: { "200": jsonContent(EventLogList, "Events"), ...standardErrors },
    },
  },
  "/api/event-log/{id}": {
    get: {
      summary: "One accepted event with its processing result and the contact it was attached to",
      tags: ["Events"],
      security: security("contacts.read"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(EventLogDetail, "The event"), ...notFound, ...standardErrors },
    },
  },
};
