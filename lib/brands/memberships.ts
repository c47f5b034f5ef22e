// Which brands a user belongs to, and which one a dashboard request acts for.
import { db } from "@/lib/db";

export type BrandChoice = { id: string; name: string; plan: string; role: string };

export async function brandsOfUser(userId: string): Promise<BrandChoice[]> {
  const rows = await db.membership.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { role: true, brand: { select: { id: true, name: true, plan: true } } },
  });
  return rows.map((r) => ({ ...r.brand, role: r.role }));
}

/** The brand the user asked for (brand cookie) if they belong to it, else their first brand. */
export async function activeBrandId(userId: string, wanted: string | null): Promise<string | null> {
  if (wanted) {
    const member = await db.membership.findUnique({ where: { userId_brandId: { userId, brandId: wanted } }, select: { brandId: true } });
    if (member) return member.brandId;
  }
  const first = await db.membership.findFirst({ where: { userId }, orderBy: { createdAt: "asc" }, select: { brandId: true } });
  return first?.brandId ?? null;
}
