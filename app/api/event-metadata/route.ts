// /api/event-metadata: declare a custom event schema (POST, 201) or merge changes into one (PUT, 200).
import { created, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { WriteEventRequest } from "@/lib/events/metadata/schemas";
import { createEventMetadata, mergeEventMetadata } from "@/lib/events/metadata/write-metadata";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "events.write", body: WriteEventRequest }, async ({ brandId, body }) =>
    created({ event: await createEventMetadata(brandId, body) }),
  ),
  PUT: route({ scope: "events.write", body: WriteEventRequest }, async ({ brandId, body }) =>
    ok({ event: await mergeEventMetadata(brandId, body) }),
  ),
});
