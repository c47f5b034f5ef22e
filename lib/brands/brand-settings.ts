// The brand's own settings (GET/PATCH /api/brand, Settings → Brand): its name, the postal address
// email footers show, and the time zone and default hour campaigns are scheduled in.
import { db } from "@/lib/db";
import type { BrandPatch } from "./schemas";

const select = { id: true, name: true, plan: true, postalAddress: true, timeZone: true, defaultSendHour: true } as const;

export function getBrand(brandId: string) {
  return db.brand.findUniqueOrThrow({ where: { id: brandId }, select });
}

export function updateBrand(brandId: string, patch: BrandPatch) {
  const data: { name?: string; postalAddress?: string | null; timeZone?: string; defaultSendHour?: number } = {};
  if (patch.name !== undefined) data.name = patch.name;
  if (patch.postalAddress !== undefined) data.postalAddress = patch.postalAddress ? patch.postalAddress : null;
  if (patch.timeZone !== undefined) data.timeZone = patch.timeZone;
  if (patch.defaultSendHour !== undefined) data.defaultSendHour = patch.defaultSendHour;
  return db.brand.update({ where: { id: brandId }, data, select });
}
