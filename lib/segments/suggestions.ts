// What the segment builder offers as values: the brand's tags (most used first) and the custom property
// names its contacts carry, with the JSON type each holds (from the most recently updated contacts).
// Events, their origins and property keys come from POST /api/event-metadata/query.
import { z } from "zod";
import { sqlReader } from "@/lib/db/sql";
import { jsonValue } from "@/lib/db/values";

const SAMPLE_CONTACTS = 1000;
const MAX_TAGS = 500;

export const SegmentSuggestionsSchema = z
  .object({
    tags: z.array(z.string()).meta({ description: `The brand's tags, most used first (at most ${MAX_TAGS})` }),
    customProperties: z.array(z.object({ name: z.string(), valueType: z.enum(["text", "number", "bool"]) }))
      .meta({ description: `Custom property names of the ${SAMPLE_CONTACTS} most recently updated contacts, with the type of their values` }),
  })
  .meta({ id: "SegmentSuggestions" });
export type SegmentSuggestions = z.infer<typeof SegmentSuggestionsSchema>;

export async function segmentSuggestions(brandId: string): Promise<SegmentSuggestions> {
  const reader = sqlReader();
  const [tags, recent] = await Promise.all([
    reader.all<{ tag: string }>(`SELECT "tag" FROM "ContactTag" WHERE "brandId" = ? GROUP BY "tag" ORDER BY COUNT(*) DESC, "tag" LIMIT ${MAX_TAGS}`, [brandId]),
    reader.all<{ customProperties: unknown }>(`SELECT "customProperties" FROM "Contact" WHERE "brandId" = ? ORDER BY "updatedAt" DESC LIMIT ${SAMPLE_CONTACTS}`, [brandId]),
  ]);
  const types = new Map<string, "text" | "number" | "bool">();
  for (const row of recent) {
    for (const [name, value] of Object.entries((jsonValue(row.customProperties) ?? {}) as Record<string, unknown>)) {
      if (!types.has(name)) types.set(name, typeof value === "number" ? "number" : typeof value === "boolean" ? "bool" : "text");
    }
  }
  return {
    tags: tags.map((t) => t.tag),
    customProperties: [...types].map(([name, valueType]) => ({ name, valueType })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}
