// The delivery pipeline's counters across a brand (docs/delivery.md, "Reading outcomes": MessageCounter,
// one row per source, part, UTC day and metric), as analytics reads them.
export type BrandCounterRow = { sourceKind: string; sourceId: string; part: string; day: string; metric: string; count: number };

/** Counter rows of the brand's sources of the given kinds (and ids), within the days given (inclusive). */
export async function brandCounterRows(
  _brandId: string,
  _filter: { kinds: string[]; sourceIds?: string[]; fromDay?: string; toDay?: string },
): Promise<BrandCounterRow[]> {
  return [];
}
