// What the segment builder offers as values: the brand's tags (most used first), the custom property
// names its contacts carry with the JSON type and the commonest text values of each, the commonest values
// of the text profile fields (city, country…), the events the brand has received, and, for one event named
// in the query, the commonest values of its properties. Profile and custom values come from the most
// recently updated contacts, event property values from that event's latest occurrences: a sample keeps
// the answer fast at any size, and the values people pick are the common ones.
// Event schemas (recommended and declared events, their property trees) come from POST /api/event-metadata/query.
import { z } from "zod";
import { sqlReader } from "@/lib/db/sql";
import { dateValue, jsonValue, numberValue } from "@/lib/db/values";
import { PROFILE_SUGGESTION_FIELDS, type ProfileSuggestionField } from "./vocabulary";

const SAMPLE_CONTACTS = 1000;
const SAMPLE_EVENTS = 200;
const MAX_TAGS = 500;
const MAX_EVENTS = 500;
const MAX_VALUES = 20;
/** Longer texts are not offered (free text a person would not retype). */
const MAX_VALUE_LENGTH = 100;

const Values = z.array(z.string()).meta({ description: `The commonest values, most common first (at most ${MAX_VALUES})` });

export const SegmentSuggestionsQuery = z
  .strictObject({
    event: z.string().trim().min(1).max(200).optional().meta({
      description: "An event name (exact, case-sensitive): the answer adds `eventProperties`, the commonest values of its properties",
    }),
  })
  .meta({ id: "SegmentSuggestionsQuery" });
export type SegmentSuggestionsQuery = z.infer<typeof SegmentSuggestionsQuery>;

export const SegmentSuggestionsSchema = z
  .object({
    tags: z.array(z.string()).meta({ description: `The brand's tags, most used first (at most ${MAX_TAGS})` }),
    customProperties: z.array(z.object({ name: z.string(), valueType: z.enum(["text", "number", "bool"]), values: Values })).meta({
      description: `Custom property names of the ${SAMPLE_CONTACTS} most recently updated contacts, with the type of their values and the commonest text values`,
    }),
    profileValues: z
      .object(Object.fromEntries(PROFILE_SUGGESTION_FIELDS.map((f) => [f, Values])) as Record<ProfileSuggestionField, typeof Values>)
      .meta({ description: `The commonest values of text profile fields among the ${SAMPLE_CONTACTS} most recently updated contacts` }),
    events: z.array(z.object({ name: z.string(), count: z.number().int(), lastReceivedAt: z.iso.datetime() })).meta({
      description: `Events the brand has received (every origin and version together), most recently received first (at most ${MAX_EVENTS})`,
    }),
    eventProperties: z
      .array(z.object({ path: z.string(), values: Values }))
      .optional()
      .meta({
        description: `With ?event=: the text and number values of that event's properties in its ${SAMPLE_EVENTS} latest occurrences, by property path (lineItems.[].productID)`,
      }),
  })
  .meta({ id: "SegmentSuggestions" });
export type SegmentSuggestions = z.infer<typeof SegmentSuggestionsSchema>;

/** Counts values per key; `top` gives each key's commonest. */
class Tally {
  private readonly counts = new Map<string, Map<string, number>>();
  add(key: string, value: unknown) {
    if (typeof value === "number" && Number.isFinite(value)) value = String(value);
    if (typeof value !== "string") return;
    const text = value.trim();
    if (!text || text.length > MAX_VALUE_LENGTH) return;
    let counts = this.counts.get(key);
    if (!counts) this.counts.set(key, (counts = new Map()));
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  top(key: string): string[] {
    return [...(this.counts.get(key) ?? [])]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, MAX_VALUES)
      .map(([v]) => v);
  }
  keys(): string[] {
    return [...this.counts.keys()];
  }
}

/** Scalar leaves of an event's properties by path: object keys joined by dots, list items as []. */
function walk(value: unknown, path: string, visit: (path: string, value: unknown) => void) {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, path ? `${path}.[]` : "[]", visit);
  } else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key, visit);
  } else if (path) {
    visit(path, value);
  }
}

export async function segmentSuggestions(brandId: string, query: SegmentSuggestionsQuery = {}): Promise<SegmentSuggestions> {
  const reader = sqlReader();
  const profileColumns = PROFILE_SUGGESTION_FIELDS.map((f) => `"${f}"`).join(", ");
  const [tags, recent, events, occurrences] = await Promise.all([
    reader.all<{ tag: string }>(
      `SELECT "tag" FROM "ContactTag" WHERE "brandId" = ? GROUP BY "tag" ORDER BY COUNT(*) DESC, "tag" LIMIT ${MAX_TAGS}`,
      [brandId],
    ),
    reader.all<Record<ProfileSuggestionField, string | null> & { customProperties: unknown }>(
      `SELECT "customProperties", ${profileColumns} FROM "Contact" WHERE "brandId" = ? ORDER BY "updatedAt" DESC LIMIT ${SAMPLE_CONTACTS}`,
      [brandId],
    ),
    reader.all<{ eventName: string; count: unknown; lastSeenAt: unknown }>(
      `SELECT "eventName", SUM("count") AS "count", MAX("lastSeenAt") AS "lastSeenAt" FROM "EventIdentity" WHERE "brandId" = ?
       GROUP BY "eventName" ORDER BY MAX("lastSeenAt") DESC, "eventName" LIMIT ${MAX_EVENTS}`,
      [brandId],
    ),
    query.event
      ? reader.all<{ properties: unknown }>(
          `SELECT "properties" FROM "ContactEvent" WHERE "brandId" = ? AND "eventName" = ? ORDER BY "eventTime" DESC LIMIT ${SAMPLE_EVENTS}`,
          [brandId, query.event],
        )
      : Promise.resolve(null),
  ]);

  const types = new Map<string, "text" | "number" | "bool">();
  const custom = new Tally();
  const profile = new Tally();
  for (const row of recent) {
    for (const [name, value] of Object.entries((jsonValue(row.customProperties) ?? {}) as Record<string, unknown>)) {
      if (!types.has(name)) types.set(name, typeof value === "number" ? "number" : typeof value === "boolean" ? "bool" : "text");
      if (typeof value === "string") custom.add(name, value);
    }
    for (const field of PROFILE_SUGGESTION_FIELDS) profile.add(field, row[field]);
  }

  let eventProperties: SegmentSuggestions["eventProperties"];
  if (occurrences) {
    const values = new Tally();
    for (const row of occurrences) walk(jsonValue(row.properties), "", (path, value) => values.add(path, value));
    eventProperties = values
      .keys()
      .sort((a, b) => a.localeCompare(b))
      .map((path) => ({ path, values: values.top(path) }));
  }

  return {
    tags: tags.map((t) => t.tag),
    customProperties: [...types]
      .map(([name, valueType]) => ({ name, valueType, values: custom.top(name) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    profileValues: Object.fromEntries(PROFILE_SUGGESTION_FIELDS.map((f) => [f, profile.top(f)])) as Record<
      ProfileSuggestionField,
      string[]
    >,
    events: events.map((e) => ({ name: e.eventName, count: numberValue(e.count), lastReceivedAt: dateValue(e.lastSeenAt).toISOString() })),
    ...(eventProperties ? { eventProperties } : {}),
  };
}
