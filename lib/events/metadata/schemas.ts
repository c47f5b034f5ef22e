// Shapes of the event metadata API (published Event Metadata API, 2026-03-15): declared custom event
// schemas (POST / PUT /api/event-metadata) and the metadata query (POST /api/event-metadata/query).
import { z } from "zod";

export const PROPERTY_TYPES = [
  "string",
  "stringList",
  "integer",
  "integerList",
  "float",
  "floatList",
  "boolean",
  "booleanList",
  "date",
  "dateList",
  "struct",
  "structList",
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const MAX_PROPERTY_DEPTH = 5;
export const MAX_PROPERTIES = 200;

/** Property keys: what a segment's property path can name (no dots, quotes, backslashes or brackets). */
export const PropertyKey = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^.'"\\\x00-\x1f[\]]+$/, "may not contain dots, quotes, backslashes or brackets");

const optionalText = (max: number, description: string) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .optional()
    .meta({ description: `${description}. Omit rather than send null` });

export type WritePropertyNode = {
  type: PropertyType;
  displayName?: string;
  description?: string;
  group?: string;
  properties?: Record<string, WritePropertyNode>;
};

export const WritePropertyNode: z.ZodType<WritePropertyNode> = z
  .lazy(() =>
    z
      .strictObject({
        type: z.enum(PROPERTY_TYPES),
        displayName: optionalText(200, "Human-readable label"),
        description: optionalText(1000, "What the property means"),
        group: optionalText(100, "Grouping for display, e.g. Core"),
        properties: z
          .record(PropertyKey, WritePropertyNode)
          .optional()
          .meta({ description: "Children of a struct or structList property" }),
      })
      .superRefine((node, ctx) => {
        if (node.properties && node.type !== "struct" && node.type !== "structList") {
          ctx.addIssue({
            code: "custom",
            path: ["properties"],
            message: `only struct and structList properties have children (this one is ${node.type})`,
            params: { code: "not_allowed" },
          });
        }
      }),
  )
  .meta({ id: "WritePropertyNode" });

export const WriteEventRequest = z
  .strictObject({
    name: z.string().min(1).max(200).meta({ description: "Machine-readable event name (case-sensitive), e.g. loyalty points earned" }),
    origin: z.string().trim().min(1).max(100).meta({ description: "The one origin the schema belongs to, e.g. api" }),
    displayName: optionalText(200, "Human-readable label; required on POST"),
    properties: z
      .record(PropertyKey, WritePropertyNode)
      .optional()
      .meta({ description: "Property tree keyed by name: at least one key on POST; on PUT only the keys present are merged" }),
  })
  .superRefine((input, ctx) => {
    let count = 0;
    const walk = (nodes: Record<string, WritePropertyNode> | undefined, path: (string | number)[], depth: number) => {
      for (const [key, node] of Object.entries(nodes ?? {})) {
        count++;
        if (depth > MAX_PROPERTY_DEPTH) {
          ctx.addIssue({
            code: "custom",
            path: [...path, key],
            message: `properties nest at most ${MAX_PROPERTY_DEPTH} levels deep`,
            params: { code: "too_big" },
          });
        } else walk(node.properties, [...path, key, "properties"], depth + 1);
      }
    };
    walk(input.properties, ["properties"], 1);
    if (count > MAX_PROPERTIES)
      ctx.addIssue({
        code: "custom",
        path: ["properties"],
        message: `at most ${MAX_PROPERTIES} properties in all`,
        params: { code: "too_big" },
      });
  })
  .meta({ id: "WriteEventRequest", description: "A brand-custom event schema (identity: name + origin)" });
export type WriteEventRequest = z.infer<typeof WriteEventRequest>;

export type PropertyNode = {
  type: PropertyType;
  displayName?: string;
  description?: string;
  group?: string;
  explicitlyDefined?: boolean;
  properties?: Record<string, PropertyNode>;
};

export const PropertyNodeSchema: z.ZodType<PropertyNode> = z
  .lazy(() =>
    z.object({
      type: z.enum(PROPERTY_TYPES),
      displayName: z.string().optional(),
      description: z.string().optional(),
      group: z.string().optional(),
      explicitlyDefined: z
        .boolean()
        .optional()
        .meta({ description: "Declared through the write API (not inferred from the catalog or from events received)" }),
      properties: z.record(z.string(), PropertyNodeSchema).optional(),
    }),
  )
  .meta({ id: "PropertyNode" });

export const EventItemSchema = z
  .object({
    name: z.string(),
    displayName: z.string(),
    origins: z.array(z.string()),
    explicitlyDefined: z.boolean().optional(),
    properties: z.record(z.string(), PropertyNodeSchema).optional().meta({ description: "Present when the query set includeProperties" }),
  })
  .meta({
    id: "EventItem",
    description: "One event with one property structure; an event whose origins differ in structure appears once per structure",
  });
export type EventItem = z.infer<typeof EventItemSchema>;

export const WriteEventResponse = z.object({ event: EventItemSchema }).meta({ id: "WriteEventResponse" });

export const QueryEventsRequest = z
  .strictObject({
    category: z.enum(["automations", "events", "segments"]),
    events: z.array(z.string().min(1).max(200)).max(100).optional().meta({ description: "Only these event names (exact, case-sensitive)" }),
    origins: z.array(z.string().min(1).max(100)).max(100).optional().meta({ description: "Only events from these origins (any of them)" }),
    includeProperties: z.boolean().optional().meta({ description: "Include each event's property tree" }),
    excludeCustomEvents: z.boolean().optional().meta({ description: "Leave out the brand's custom events" }),
  })
  .meta({ id: "QueryEventsRequest" });
export type QueryEventsRequest = z.infer<typeof QueryEventsRequest>;

export const EventsResponse = z.object({ events: z.array(EventItemSchema) }).meta({ id: "EventsResponse" });
