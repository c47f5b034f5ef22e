// The brands' time zones (IANA names): a delay at a time of day and birthdays run on the brand's clock.
// Brand.timeZone is the brand setting (Settings → Brand); a brand without one, or with a zone this
// runtime does not know, runs on UTC. `SELECT *`: the column arrives with the campaigns' migration.
import { sqlReader } from "@/lib/db/sql";
import { isTimeZone } from "../time";

export async function brandTimeZones(brandIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (brandIds.length === 0) return out;
  const rows = await sqlReader().all<Record<string, unknown>>(
    `SELECT * FROM "Brand" WHERE "id" IN (${brandIds.map(() => "?").join(", ")})`,
    brandIds,
  );
  for (const row of rows) {
    const zone = typeof row.timeZone === "string" && isTimeZone(row.timeZone) ? row.timeZone : "UTC";
    out.set(String(row.id), zone);
  }
  return out;
}

export async function brandTimeZone(brandId: string): Promise<string> {
  return (await brandTimeZones([brandId])).get(brandId) ?? "UTC";
}
