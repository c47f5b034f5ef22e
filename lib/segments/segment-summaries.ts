// GET /api/segments/summaries: segments with their kept size, for the dashboard's lists and pickers.
// A list page asks once for the sizes of its rows (by ids), a picker asks for names as the person types
// (nameContains), a contact's profile for the names of the segments it belongs to: one request per page
// of rows, never one per row. The size is the count kept with the segment (taken when its definition
// changes, refreshed in the background: lib/segments/segment-counts.ts) and the time it was taken;
// the exact count now stays at GET /api/segments/{id}/statistics and in the segment builder.
import { z } from "zod";
import { db } from "@/lib/db";
import { sqlReader } from "@/lib/db/sql";
import { toSegmentRecord, type SegmentRow } from "./get-segment";
import { SegmentSchema } from "./schemas";
import { likeContains } from "@/lib/db/query-builder";

export const MAX_SUMMARY_IDS = 50;
const IDS = new RegExp(`^[0-9a-f]{24}(,[0-9a-f]{24}){0,${MAX_SUMMARY_IDS - 1}}$`);

export const SegmentSummariesQuery = z
  .strictObject({
    ids: z
      .string()
      .regex(IDS, `must be 1 to ${MAX_SUMMARY_IDS} comma-separated segment ids`)
      .optional()
      .meta({ description: `Comma-separated segment ids (at most ${MAX_SUMMARY_IDS}): those of them that exist, in the order given` }),
    nameContains: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: "Segments whose name contains this text (case-insensitive), by name" }),
    limit: z.coerce.number().int().min(1).max(50).default(20).meta({ description: "Without ids: how many, 1-50 (default 20), by name" }),
  })
  .superRefine((query, ctx) => {
    if (query.ids !== undefined && query.nameContains !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["nameContains"],
        message: "ids and nameContains cannot be used together",
        params: { code: "conflicting_parameters" },
      });
  })
  .meta({ id: "SegmentSummariesQuery" });
export type SegmentSummariesQuery = z.infer<typeof SegmentSummariesQuery>;

export const SegmentSummarySchema = SegmentSchema.extend({
  contactsCount: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Contacts in the segment when it was last counted (countedAt); null until the current definition is counted" }),
  countedAt: z.iso.datetime().nullable().meta({ description: "When contactsCount was taken" }),
}).meta({ id: "SegmentSummary" });
export type SegmentSummary = z.infer<typeof SegmentSummarySchema>;

export const SegmentSummaryList = z.object({ segments: z.array(SegmentSummarySchema) }).meta({ id: "SegmentSummaryList" });

type SummaryRow = SegmentRow & { contactsCount: number | null; countedAt: Date | null };

/** The record and its kept size; a count of an earlier definition (taken before the last change) is no size. */
export function toSegmentSummary(row: SummaryRow): SegmentSummary {
  const record = toSegmentRecord(row);
  if (row.archivedAt) return { ...record, contactsCount: 0, countedAt: row.archivedAt.toISOString() };
  const current = row.countedAt !== null && row.contactsCount !== null && row.countedAt >= row.updatedAt;
  return { ...record, contactsCount: current ? row.contactsCount : null, countedAt: current ? row.countedAt!.toISOString() : null };
}

export async function listSegmentSummaries(brandId: string, query: SegmentSummariesQuery): Promise<{ segments: SegmentSummary[] }> {
  let ids: string[];
  if (query.ids !== undefined) {
    ids = [...new Set(query.ids.split(","))];
  } else {
    // Names compared lowercased (one engine's lower() folds ASCII letters only).
    const params: unknown[] = [brandId];
    let where = `"brandId" = ?`;
    if (query.nameContains !== undefined) {
      where += ` AND lower("name") LIKE ? ESCAPE '\\'`;
      params.push(likeContains(query.nameContains));
    }
    const rows = await sqlReader().all<{ id: string }>(
      `SELECT "id" FROM "Segment" WHERE ${where} ORDER BY "name", "id" LIMIT ${query.limit}`,
      params,
    );
    ids = rows.map((r) => r.id);
  }
  if (ids.length === 0) return { segments: [] };
  const rows = await db.segment.findMany({ where: { brandId, id: { in: ids } } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { segments: ids.flatMap((id) => (byId.has(id) ? [toSegmentSummary(byId.get(id)!)] : [])) };
}
