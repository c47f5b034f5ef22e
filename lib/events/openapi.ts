// OpenAPI paths of the events endpoints, from the same zod schemas that validate them.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { IdParams } from "@/lib/http/route";
import { jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { CatalogEventSchema } from "./catalog";
import { ContactEventNames } from "./contact-event-names";
import { EventIdentityList } from "./identities";
import { ParkedList, ParkedQuery } from "./list-parked";
import { AcceptedEventSchema, ContactEventsPage, ContactEventsQuery, EventInput } from "./schemas";

const CompatibilityHeader = z.object({
  compatibility: z.literal("no-origin").optional().meta({
    description:
      "`no-origin` leaves origin out of the event's identity (events formerly sent to v4 track); origin stays required in the body",
  }),
});

export const eventPaths: ZodOpenApiPathsObject = {
  "/api/events": {
    post: {
      summary: "Send a customer event (recommended or custom)",
      description:
        "Answers 202 once the event is durably stored; contact create/update, identity registry, deduplication of historical events (same eventID and eventTime, eventTime more than 1 hour before arrival) and product data happen asynchronously.",
      tags: ["Events"],
      security: security("events.write"),
      requestParams: { header: VersionHeader.extend(CompatibilityHeader.shape) },
      requestBody: { content: { "application/json": { schema: EventInput } } },
      responses: { "202": jsonContent(AcceptedEventSchema, "Stored; processed asynchronously"), ...standardErrors },
    },
  },
  "/api/event-catalog": {
    get: {
      summary: "The recommended events and the brand's declared custom events: names, versions, descriptions and property JSON Schemas",
      tags: ["Events"],
      security: security("events.write"),
      requestParams: { header: VersionHeader },
      responses: { "200": jsonContent(z.object({ events: z.array(CatalogEventSchema) }), "The catalog"), ...standardErrors },
    },
  },
  "/api/event-identities": {
    get: {
      summary: "Identities (name, origin, version) the brand's events arrived under, with conflicts flagged",
      tags: ["Events"],
      security: security("events.write"),
      requestParams: { header: VersionHeader },
      responses: { "200": jsonContent(EventIdentityList, "Identities by name"), ...standardErrors },
    },
  },
  "/api/events/parked": {
    get: {
      summary: "Events whose processing failed for good, newest first, with their errors",
      tags: ["Events"],
      security: security("events.write"),
      requestParams: { header: VersionHeader, query: ParkedQuery },
      responses: { "200": jsonContent(ParkedList, "Parked events"), ...standardErrors },
    },
  },
  "/api/contacts/{id}/events": {
    get: {
      summary: "A contact's processed events, newest first",
      tags: ["Contacts"],
      security: security("contacts.read"),
      requestParams: { header: VersionHeader, path: IdParams, query: ContactEventsQuery },
      responses: { "200": jsonContent(ContactEventsPage, "A page of events"), ...notFound, ...standardErrors },
    },
  },
  "/api/contacts/{id}/event-names": {
    get: {
      summary: "The names of a contact's processed events, with counts and the latest time of each",
      tags: ["Contacts"],
      security: security("contacts.read"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(ContactEventNames, "Event names, most frequent first"), ...notFound, ...standardErrors },
    },
  },
};
