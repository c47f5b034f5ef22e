// What sending needs to know about a brand: its time zone (schedules, personalized and time-zone
// optimized sends), the hour a personalized send uses without history, and its name (the default sender name).
import { db } from "@/lib/db";

export type BrandSendingProfile = { name: string; timeZone: string; defaultSendHour: number };

export async function brandSendingProfile(brandId: string): Promise<BrandSendingProfile> {
  return db.brand.findUniqueOrThrow({ where: { id: brandId }, select: { name: true, timeZone: true, defaultSendHour: true } });
}
