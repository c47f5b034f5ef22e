// Reading one segment of a brand, and how its stored row reads as the API's record.
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import type { ConditionGroups } from "./conditions";
import { storedGroups } from "./membership";
import type { SegmentRecord } from "./schemas";

/** A build (the first count of a new definition) that has not finished after this long has lapsed. */
export const BUILD_LEASE_MS = 60_000;

export type SegmentRow = {
  id: string;
  name: string;
  conditionGroups: unknown;
  status: string;
  buildStartedAt: Date | null;
  isStarred: boolean;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** building, unless the build lapsed (its process ended before it finished: membership is read live anyway). */
export function isBuilding(row: Pick<SegmentRow, "status" | "buildStartedAt">, now = Date.now()): boolean {
  return row.status === "building" && row.buildStartedAt !== null && now - row.buildStartedAt.getTime() < BUILD_LEASE_MS;
}

export function toSegmentRecord(row: SegmentRow): SegmentRecord {
  return {
    segmentID: row.id,
    name: row.name,
    conditionGroups: storedGroups(row.conditionGroups),
    status: row.archivedAt ? "archived" : isBuilding(row) ? "building" : "ready",
    isStarred: row.isStarred,
    archivedAt: row.archivedAt?.toISOString() ?? null,
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
