// Creating, replacing and deleting segments.
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { toSegmentRecord } from "./get-segment";
import type { SegmentInput, SegmentRecord } from "./schemas";

export async function createSegment(brandId: string, input: SegmentInput): Promise<SegmentRecord> {
  const now = new Date();
  const row = await db.segment.create({
    data: { id: newId(now), brandId, name: input.name, conditionGroups: input.conditionGroups, status: "ready", createdAt: now, updatedAt: now },
  });
  return toSegmentRecord(row);
}

export async function replaceSegment(brandId: string, id: string, input: SegmentInput): Promise<SegmentRecord> {
  const { count } = await db.segment.updateMany({
    where: { id, brandId },
    data: { name: input.name, conditionGroups: input.conditionGroups, updatedAt: new Date() },
  });
  if (count === 0) throw new ApiProblem("not-found", `Segment ${id} does not exist`);
  return toSegmentRecord((await db.segment.findFirst({ where: { id, brandId } }))!);
}

export async function deleteSegment(brandId: string, id: string): Promise<void> {
  const { count } = await db.segment.deleteMany({ where: { id, brandId } });
  if (count === 0) throw new ApiProblem("not-found", `Segment ${id} does not exist`);
}
