// Creating, replacing and deleting segments. A new or changed definition is "building" until its first
// count is taken in the background (published: a segment being built cannot be changed or deleted, 409);
// the count is kept with the segment as its size (lib/segments/segment-counts.ts). Membership itself is
// always evaluated live, so a build that never finishes lapses after a minute (and the background
// refresh counts the definition then).
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { checkDefinition } from "./check-definition";
import { BUILD_LEASE_MS, toSegmentRecord } from "./get-segment";
import { countSegmentNow } from "./segment-counts";
import type { SegmentInput, SegmentRecord } from "./schemas";

/** The first count of a new or changed definition, taken in the background (lib/segments/segment-counts.ts). */
function startBuild(brandId: string, id: string) {
  void countSegmentNow(brandId, id).catch((error) => console.error(`[segments] building segment ${id} failed`, error));
}

export async function createSegment(brandId: string, input: SegmentInput): Promise<SegmentRecord> {
  const conditionGroups = await checkDefinition(brandId, input.conditionGroups);
  const now = new Date();
  const row = await db.segment.create({
    data: {
      id: newId(now),
      brandId,
      name: input.name,
      conditionGroups,
      isStarred: input.isStarred ?? false,
      status: "building",
      buildStartedAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  startBuild(brandId, row.id);
  return toSegmentRecord(row);
}

function beingBuilt(id: string, verb: string) {
  return new ApiProblem("conflict", `Segment ${id} is being built and cannot be ${verb} yet; retry in a moment`, {
    retryAfter: 1,
    headers: { "Retry-After": "1" },
  });
}

export async function replaceSegment(brandId: string, id: string, input: SegmentInput): Promise<SegmentRecord> {
  const conditionGroups = await checkDefinition(brandId, input.conditionGroups);
  const now = new Date();
  // One statement: a segment whose build is still running (and has not lapsed) is left alone.
  const { count } = await db.segment.updateMany({
    where: { id, brandId, OR: [{ status: { not: "building" } }, { buildStartedAt: { lte: new Date(now.getTime() - BUILD_LEASE_MS) } }] },
    data: {
      name: input.name,
      conditionGroups,
      ...(input.isStarred === undefined ? {} : { isStarred: input.isStarred }),
      status: "building",
      buildStartedAt: now,
      updatedAt: now,
    },
  });
  if (count === 0) {
    const row = await db.segment.findFirst({ where: { id, brandId }, select: { id: true } });
    if (!row) throw new ApiProblem("not-found", `Segment ${id} does not exist`);
    throw beingBuilt(id, "changed");
  }
  startBuild(brandId, id);
  return toSegmentRecord((await db.segment.findFirst({ where: { id, brandId } }))!);
}

export async function deleteSegment(brandId: string, id: string): Promise<void> {
  const now = new Date();
  const { count } = await db.segment.deleteMany({
    where: { id, brandId, OR: [{ status: { not: "building" } }, { buildStartedAt: { lte: new Date(now.getTime() - BUILD_LEASE_MS) } }] },
  });
  if (count > 0) return;
  const row = await db.segment.findFirst({ where: { id, brandId }, select: { id: true } });
  if (!row) throw new ApiProblem("not-found", `Segment ${id} does not exist`);
  throw beingBuilt(id, "deleted");
}
