// GET /api/segments: keyset-paginated, by creation time or name.
import { db } from "@/lib/db";
import { keysetPage, type Paging } from "@/lib/http/pagination";
import { toSegmentRecord, type SegmentRow } from "./get-segment";
import type { SegmentListQuery, SegmentRecord } from "./schemas";

export async function listSegments(brandId: string, query: SegmentListQuery): Promise<{ segments: SegmentRecord[]; paging: Paging }> {
  const byName = query.sort === "name";
  const page = await keysetPage<SegmentRow>({
    sort: query.sort,
    column: query.sort,
    direction: query.direction,
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row) => (byName ? row.name : row.createdAt.toISOString()),
    toColumn: (value) => (byName ? value : new Date(String(value))),
    fetch: ({ where, orderBy, take }) => db.segment.findMany({ where: { brandId, ...where }, orderBy, take }),
  });
  return { segments: page.rows.map(toSegmentRecord), paging: page.paging };
}
