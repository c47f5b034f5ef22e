// What contact filters read (lib/automations/filters.ts ContactFacts) for a set of a brand's contacts:
// profile fields and tags in two queries, and membership of only the segments the filters name (one
// query per segment over these contacts, never a pass over the brand).
import { sqlReader } from "@/lib/db/sql";
import { dateValue } from "@/lib/db/values";
import { membersAmongSql, storedGroups } from "@/lib/segments/membership";
import { Sql } from "@/lib/db/query-builder";
import type { ContactFacts } from "../filters";

const list = (n: number) => Array.from({ length: n }, () => "?").join(", ");

export async function loadContactFacts(
  brandId: string,
  contactIds: string[],
  segmentIds: string[],
  now: Date,
): Promise<Map<string, ContactFacts>> {
  const out = new Map<string, ContactFacts>();
  const ids = [...new Set(contactIds)];
  if (ids.length === 0) return out;
  const reader = sqlReader();
  const [contacts, tags, segments] = await Promise.all([
    reader.all<Record<string, unknown>>(
      `SELECT "id", "firstName", "lastName", "gender", "country", "countryCode", "state", "city", "postalCode", "createdAt"
       FROM "Contact" WHERE "brandId" = ? AND "id" IN (${list(ids.length)})`,
      [brandId, ...ids],
    ),
    reader.all<{ contactId: string; tag: string }>(
      `SELECT "contactId", "tag" FROM "ContactTag" WHERE "brandId" = ? AND "contactId" IN (${list(ids.length)})`,
      [brandId, ...ids],
    ),
    segmentIds.length
      ? reader.all<{ id: string; conditionGroups: unknown }>(
          `SELECT "id", "conditionGroups" FROM "Segment" WHERE "brandId" = ? AND "archivedAt" IS NULL AND "id" IN (${list(segmentIds.length)})`,
          [brandId, ...segmentIds],
        )
      : [],
  ]);
  const text = (v: unknown) => (v === null || v === undefined || v === "" ? null : String(v));
  for (const c of contacts) {
    out.set(String(c.id), {
      firstName: text(c.firstName),
      lastName: text(c.lastName),
      gender: text(c.gender),
      country: text(c.country),
      countryCode: text(c.countryCode),
      state: text(c.state),
      city: text(c.city),
      postalCode: text(c.postalCode),
      dateAdded: dateValue(c.createdAt).toISOString().slice(0, 10),
      tags: [],
      segmentIds: [],
    });
  }
  for (const t of tags) out.get(t.contactId)?.tags.push(t.tag.toLowerCase());
  await Promise.all(
    segments.map(async (segment) => {
      const sql = new Sql();
      const where = membersAmongSql(sql, brandId, ids, storedGroups(segment.conditionGroups), now);
      const members = await reader.all<{ id: string }>(`SELECT c."id" AS id FROM "Contact" c WHERE ${where}`, sql.params);
      for (const m of members) out.get(m.id)?.segmentIds.push(segment.id);
    }),
  );
  return out;
}
