// The shapes of the events API. EventInput is the validator of POST /api/events (every rule of the
// spec, all violations reported at once), the TypeScript type and the OpenAPI description.
import { z } from "zod";
import { crossField } from "@/lib/http/cross-field";
import { PagingSchema, noAfterAndBefore, pagingQuery } from "@/lib/http/pagination";
import { EventContact } from "./event-contact";
import { recommendedVersions } from "./catalog";

/** eventTime may lie at most this far in the future (clock skew of the sender). */
export const MAX_FUTURE_MS = 5 * 60_000;
/** An event whose eventTime lies more than this before its arrival is historical. */
export const HISTORICAL_AFTER_MS = 60 * 60_000;

const rfc3339 = z.iso.datetime({ offset: true });
/** The space-separated form the published API also takes ("YYYY-MM-DD HH:MM:SS±HH:MM"). */
const SPACED = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))$/;

/** An event time, as RFC 3339 (the spaced form written with its T). */
const EventTime = z
  .string()
  .transform((value) => value.replace(SPACED, "$1T$2"))
  .pipe(rfc3339)
  .refine((value) => Date.parse(value) <= Date.now() + MAX_FUTURE_MS, {
    message: "lies more than 5 minutes in the future",
    params: { code: "too_big" },
  });

const baseShape = {
  eventName: z
    .string()
    .min(1)
    .max(200)
    .meta({ description: "Case-sensitive. A catalog name makes the event recommended; any other name is custom" }),
  origin: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .meta({ description: "`api` for custom stores, the app's name for third-party apps; required on every event" }),
  eventVersion: z
    .string()
    .max(50)
    .transform((v) => (v === "" ? undefined : v))
    .optional()
    .meta({ description: "Required for recommended events (see GET /api/event-catalog); custom events leave it out or empty" }),
  eventID: z.uuid().optional().meta({ description: "UUID; with eventTime, deduplicates historical events" }),
  eventTime: EventTime.optional().meta({
    description:
      "RFC 3339 timestamp, or the same with a space for the T (2021-07-01 00:00:00+02:00); default: when received; at most 5 minutes in the future. More than 1 hour in the past makes the event historical",
  }),
  contact: EventContact.optional(),
  properties: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: "Event properties: the catalog's schema for recommended events, free for custom events" }),
};

const EventShape = z.strictObject(baseShape);
type VersionFields = Pick<z.output<typeof EventShape>, "eventName" | "eventVersion" | "properties">;
const VERSION_FIELDS = ["eventName", "eventVersion", "properties"] as const;

// With `compatibility: no-origin` an event keeps its legacy identity (spec, "Event identity rules" 1-4):
// a recommended name sent without eventVersion is accepted as is and its properties are not checked
// against the catalog, because they keep the structure they had before.
function versionRules(event: VersionFields, ctx: z.RefinementCtx, noOrigin: boolean) {
  const versions = recommendedVersions(event.eventName);
  // "" is how the published examples leave a custom event's version out.
  const version = event.eventVersion === "" ? undefined : event.eventVersion;
  if (versions && noOrigin && version === undefined) {
    // legacy identity: name, no version, properties unchanged
  } else if (!versions) {
    if (version !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["eventVersion"],
        params: { code: "not_allowed" },
        message: `"${event.eventName}" is a custom event (not in the catalog); custom events must not carry eventVersion`,
      });
    }
  } else {
    const known = versions.map((v) => v.eventVersion).join(", ");
    const entry = typeof version === "string" ? versions.find((v) => v.eventVersion === version) : undefined;
    if (version === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["eventVersion"],
        params: { code: "required" },
        message: `is required for the recommended event "${event.eventName}" (versions: ${known})`,
      });
    } else if (typeof version === "string" && !entry) {
      ctx.addIssue({
        code: "custom",
        path: ["eventVersion"],
        params: { code: "invalid_value" },
        message: `"${version}" is not a version of "${event.eventName}" (versions: ${known})`,
      });
    }
    if (entry) {
      const result = entry.properties.safeParse(event.properties ?? {});
      if (!result.success) {
        for (const issue of result.error.issues) {
          ctx.addIssue({ ...issue, path: ["properties", ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
        }
      }
    }
  }
}

export const EventInput = crossField(EventShape, VERSION_FIELDS, (event, ctx) => versionRules(event, ctx, false)).meta({
  id: "EventInput",
  description:
    "A customer event (recommended or custom). With the header `compatibility: no-origin` (events formerly sent through v4 track), a recommended name may come without eventVersion and keeps its properties unchecked: it is then identified by its name alone.",
});
export type EventInput = z.infer<typeof EventInput>;

/** The validator under `compatibility: no-origin`: the same shape, with the legacy-identity rule. */
export const NoOriginEventInput = crossField(EventShape, VERSION_FIELDS, (event, ctx) => versionRules(event, ctx, true));

export const AcceptedEventSchema = z
  .object({
    id: z.string().meta({ description: "The stored event's id (24 hex)" }),
    status: z.literal("accepted"),
  })
  .meta({ id: "AcceptedEvent" });

export const ContactEventSchema = z
  .object({
    id: z.string(),
    eventID: z.string().nullable(),
    eventName: z.string(),
    eventVersion: z.string().nullable(),
    origin: z.string(),
    eventTime: z.string().meta({ description: "RFC 3339" }),
    receivedAt: z.string().meta({ description: "RFC 3339" }),
    properties: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "ContactEvent" });

const eventNames = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.string().min(1).max(200)).max(50));
export const ContactEventsQuery = pagingQuery({ max: 250, default: 100 })
  .extend({
    eventName: eventNames
      .optional()
      .meta({ description: "Only events with this name (exact, case-sensitive); repeat the parameter for several names" }),
    from: rfc3339.optional().meta({ description: "Only events whose eventTime is at or after this time (RFC 3339)" }),
    to: rfc3339.optional().meta({ description: "Only events whose eventTime is at or before this time (RFC 3339)" }),
  })
  .strict()
  .superRefine(noAfterAndBefore)
  .superRefine((query, ctx) => {
    if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "must not be before from", params: { code: "invalid_range" } });
    }
  });
export const ContactEventsPage = z.object({ events: z.array(ContactEventSchema), paging: PagingSchema }).meta({ id: "ContactEventsPage" });
