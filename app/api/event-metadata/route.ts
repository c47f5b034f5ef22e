// /api/event-metadata: declare a custom event schema (POST, 201) or merge changes into one (PUT, 200).
import { created, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { WriteEventRequest, WriteEventResponse } from "@/lib/events/metadata/schemas";
import { createEventMetadata, mergeEventMetadata } from "@/lib/events/metadata/write-metadata";
import { jsonContent, conflict, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "events.write",
      body: WriteEventRequest,
      summary: "Declare a custom event schema",
      description:
        "Identity: name + origin. displayName and at least one property are required. Custom events sent with this name and origin are then checked against the declared property types (400 with a field error per property, as recommended events are checked against the catalog). Optional fields must be omitted rather than null.",
      tags: ["Event metadata"],
      responses: {
        "201": jsonContent(WriteEventResponse, "The declared event, every node explicitlyDefined"),
        ...conflict("Declared already, or the name is a recommended event"),
      },
    },
    async ({ brandId, body }) => created({ event: await createEventMetadata(brandId, body) }),
  ),
  PUT: route(
    {
      scope: "events.write",
      body: WriteEventRequest,
      summary: "Merge changes into a declared custom event schema",
      description: "Only the fields and properties sent change; nothing is removed; a declared property keeps its type (409).",
      tags: ["Event metadata"],
      responses: {
        "200": jsonContent(WriteEventResponse, "The merged event"),
        ...notFound,
        ...conflict("A property's type would change, or the name is a recommended event"),
      },
    },
    async ({ brandId, body }) => ok({ event: await mergeEventMetadata(brandId, body) }),
  ),
});
