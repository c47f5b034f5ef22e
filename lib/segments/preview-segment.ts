// POST /api/segments/preview: how many contacts an unsaved definition matches, so the segment builder
// can show a live count while a person edits. Same translator as saved segments (countSegmentContacts).
import { z } from "zod";
import { checkDefinition } from "./check-definition";
import { ConditionGroups } from "./conditions";
import { sqlReader } from "@/lib/db/sql";
import { countSegmentContacts } from "./membership";
import { segmentSql } from "./segment-sql";
import { Sql } from "@/lib/db/query-builder";

export const SegmentPreviewInput = z
  .object({ conditionGroups: ConditionGroups })
  .strict()
  .meta({ id: "SegmentPreviewInput", description: "Condition groups to count, in the same format as a segment's" });
export type SegmentPreviewInput = z.infer<typeof SegmentPreviewInput>;

export const SAMPLE_SIZE = 5;

export const SegmentPreviewSchema = z
  .object({
    contactsCount: z.number().int().meta({ description: "Contacts the conditions match now" }),
    sample: z
      .array(z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }))
      .meta({ description: `Up to ${SAMPLE_SIZE} of the matching contacts, most recently updated first (the builder's sample members)` }),
  })
  .meta({ id: "SegmentPreview" });

/** A few matching contacts, most recently updated first, with a name and an email to show. */
async function sampleMembers(brandId: string, groups: ConditionGroups) {
  const sql = new Sql();
  const where = `c."brandId" = ${sql.p(brandId)} AND ${segmentSql(groups, sql, { brandId })}`;
  const rows = await sqlReader().all<{ id: string; firstName: string | null; lastName: string | null; email: string | null }>(
    `SELECT c."id", c."firstName", c."lastName", (SELECT min(i."value") FROM "ContactIdentifier" i WHERE i."contactId" = c."id" AND i."type" = 'email') AS "email"
     FROM "Contact" c WHERE ${where} ORDER BY c."updatedAt" DESC, c."id" DESC LIMIT ${sql.p(SAMPLE_SIZE, "int")}`,
    sql.params,
  );
  return rows.map((r) => ({ id: r.id, name: [r.firstName, r.lastName].filter(Boolean).join(" ") || null, email: r.email }));
}

export async function previewSegment(brandId: string, input: SegmentPreviewInput) {
  const groups = await checkDefinition(brandId, input.conditionGroups);
  const [contactsCount, sample] = await Promise.all([countSegmentContacts(brandId, groups), sampleMembers(brandId, groups)]);
  return { contactsCount, sample };
}
