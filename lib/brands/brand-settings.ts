// The brand's own settings (GET/PATCH /api/brand, Settings → Brand): its name and the postal address
// email footers show.
import { db } from "@/lib/db";
import type { BrandPatch } from "./schemas";

const select = { id: true, name: true, plan: true, postalAddress: true } as const;

export function getBrand(brandId: string) {
  return db.brand.findUniqueOrThrow({ where: { id: brandId }, select });
}

export function updateBrand(brandId: string, patch: BrandPatch) {
  const data: { name?: string; postalAddress?: string | null } = {};
  if (patch.name !== undefined) data.name = patch.name;
  if (patch.postalAddress !== undefined) data.postalAddress = patch.postalAddress ? patch.postalAddress : null;
  return db.brand.update({ where: { id: brandId }, data, select });
}
