// Segment membership, evaluated by the database through the translated condition SQL.
import { sqlReader } from "@/lib/db/sql";
import { jsonValue } from "@/lib/db/values";
import { ConditionGroups } from "./conditions";
import { segmentSql } from "./segment-sql";
import { Sql } from "@/lib/db/query-builder";

/** Stored condition groups (the migrations converted every older shape), parsed so defaults apply. */
export function storedGroups(value: unknown): ConditionGroups {
  return ConditionGroups.parse(jsonValue(value));
}

export async function countSegmentContacts(brandId: string, groups: ConditionGroups): Promise<number> {
  const sql = new Sql();
  const where = `c."brandId" = ${sql.p(brandId)} AND ${segmentSql(groups, sql, { brandId })}`;
  const rows = await sqlReader().all<{ n: number | bigint }>(`SELECT COUNT(*) AS n FROM "Contact" c WHERE ${where}`, sql.params);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Which of the given contacts of the brand are members (a WHERE over Contact c): each contact looked up by
 * id, its own rows tested (segmentSql's perContact), never a pass over the brand.
 */
export function membersAmongSql(sql: Sql, brandId: string, contactIds: string[], groups: ConditionGroups, now?: Date): string {
  return `c."id" IN (${contactIds.map((id) => sql.p(id)).join(", ")}) AND ${sql.dialect.unindexed(`c."brandId"`)} = ${sql.p(brandId)} AND ${segmentSql(groups, sql, { brandId, now, perContact: true })}`;
}

/**
 * For each given contact, the ids of the brand's segments it belongs to: one query per segment, through
 * the raw reader (this runs for every contact record the API returns). Archived segments have no members.
 */
export async function segmentIdsOfContacts(brandId: string, contactIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map(contactIds.map((id) => [id, [] as string[]]));
  if (contactIds.length === 0) return result;
  const reader = sqlReader();
  const segments = await reader.all<{ id: string; conditionGroups: unknown }>(
    `SELECT "id", "conditionGroups" FROM "Segment" WHERE "brandId" = ? AND "archivedAt" IS NULL ORDER BY "id"`,
    [brandId],
  );
  await Promise.all(
    segments.map(async (segment) => {
      const sql = new Sql();
      const where = membersAmongSql(sql, brandId, contactIds, storedGroups(segment.conditionGroups));
      const rows = await reader.all<{ id: string }>(`SELECT c."id" AS id FROM "Contact" c WHERE ${where}`, sql.params);
      for (const row of rows) result.get(row.id)?.push(segment.id);
    }),
  );
  for (const ids of result.values()) ids.sort();
  return result;
}
