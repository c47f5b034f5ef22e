// GET /api/segments/{id}/statistics: how many contacts the segment holds now.
import { getSegment } from "./get-segment";
import { countSegmentContacts } from "./membership";

export async function segmentStatistics(brandId: string, id: string) {
  const segment = await getSegment(brandId, id);
  return { segmentID: segment.segmentID, contactsCount: await countSegmentContacts(brandId, segment.conditionGroups) };
}
