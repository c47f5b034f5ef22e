// Many sources' states in one read (DeliverySource), as a list page shows them: every source of one kind
// named, active when it has no row (docs/delivery.md "Pausing"). One source's: sourceState (../sources.ts).
import { sqlReader } from "@/lib/db/sql";
import { dateValue } from "@/lib/db/values";
import type { SourceState } from "../sources";

/** The state of each of the brand's sources of `kind` with these ids, by id. */
export async function sourceStates(brandId: string, kind: string, ids: string[]): Promise<Map<string, SourceState>> {
  const states = new Map<string, SourceState>(ids.map((id) => [id, { status: "active", reason: null, changedAt: null }]));
  if (ids.length === 0) return states;
  const rows = await sqlReader().all<{ id: string; status: SourceState["status"]; reason: string | null; changedAt: unknown }>(
    `SELECT "id", "status", "reason", "changedAt" FROM "DeliverySource" WHERE "brandId" = ? AND "kind" = ? AND "id" IN (${ids.map(() => "?").join(", ")})`,
    [brandId, kind, ...ids],
  );
  for (const r of rows) states.set(r.id, { status: r.status, reason: r.reason, changedAt: dateValue(r.changedAt) });
  return states;
}
