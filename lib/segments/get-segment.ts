// Reading one segment of a brand.
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import type { ConditionGroups } from "./conditions";
import { storedGroups } from "./membership";
import type { SegmentRecord } from "./schemas";

export type SegmentRow = { id: string; name: string; conditionGroups: unknown; status: string; createdAt: Date; updatedAt: Date };

export function toSegmentRecord(row: SegmentRow): SegmentRecord {
  return {
    segmentID: row.id,
    name: row.name,
    conditionGroups: storedGroups(row.conditionGroups),
    status: row.status as SegmentRecord["status"],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getSegment(brandId: string, id: string): Promise<SegmentRecord> {
  const row = await db.segment.findFirst({ where: { id, brandId } });
  if (!row) throw new ApiProblem("not-found", `Segment ${id} does not exist`);
  return toSegmentRecord(row);
}

export async function getSegmentGroups(brandId: string, id: string): Promise<ConditionGroups> {
  return (await getSegment(brandId, id)).conditionGroups;
}
