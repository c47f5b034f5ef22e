// OpenAPI paths of the event metadata endpoints.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { conflict, jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { EventsResponse, QueryEventsRequest, WriteEventRequest, WriteEventResponse } from "./schemas";

const tags = ["Event metadata"];
const body = { content: { "application/json": { schema: WriteEventRequest } } };

export const eventMetadataPaths: ZodOpenApiPathsObject = {
  "/api/event-metadata": {
    post: {
      summary: "Declare a custom event schema",
      description:
        "Identity: name + origin. displayName and at least one property are required. Custom events sent with this name and origin are then checked against the declared property types (400 with a field error per property, as recommended events are checked against the catalog). Optional fields must be omitted rather than null.",
      tags,
      security: security("events.write"),
      requestParams: { header: VersionHeader },
      requestBody: body,
      responses: {
        "201": jsonContent(WriteEventResponse, "The declared event, every node explicitlyDefined"),
        ...conflict("Declared already, or the name is a recommended event"),
        ...standardErrors,
      },
    },
    put: {
      summary: "Merge changes into a declared custom event schema",
      description: "Only the fields and properties sent change; nothing is removed; a declared property keeps its type (409).",
      tags,
      security: security("events.write"),
      requestParams: { header: VersionHeader },
      requestBody: body,
      responses: {
        "200": jsonContent(WriteEventResponse, "The merged event"),
        ...notFound,
        ...conflict("A property's type would change, or the name is a recommended event"),
        ...standardErrors,
      },
    },
  },
  "/api/event-metadata/query": {
    post: {
      summary: "The events the brand can use: recommended, declared and received",
      description:
        "Filter by event names (exact) and origins; includeProperties adds each event's property tree (struct children nested under properties); excludeCustomEvents leaves out the brand's own events. Any valid credential.",
      tags,
      security: security(null),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: QueryEventsRequest } } },
      responses: { "200": jsonContent(EventsResponse, "Event metadata"), ...standardErrors },
    },
  },
};
