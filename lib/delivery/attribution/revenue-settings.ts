// A brand's attribution settings (columns of SendingSettings, read and changed through
// /api/sending-settings with the rest of them: lib/delivery/settings.ts): the window after a click or open
// in which an order counts for the email (default 5 days), and the currency revenue is counted in (Inkwell
// has no exchange rates: orders in another currency count as orders, their value is left out of revenue).
import { z } from "zod";
import { db } from "@/lib/db";
import type { SqlRunner } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";
import { ApiProblem } from "@/lib/http/problems";

export const DEFAULT_WINDOW_DAYS = 5;
export const DEFAULT_CURRENCY = "USD";

export const AttributionWindowDays = z.number().int().min(1).max(30).meta({
  description: "Days after a click (or, in the opens model, an open) in which an order is attributed to the email: 1-30, default 5",
});
export const RevenueCurrency = z
  .string()
  .regex(/^[A-Z]{3}$/, "must be an ISO 4217 currency code in upper case, e.g. EUR")
  .meta({ description: "The currency revenue is counted in (ISO 4217, default USD); orders in another currency count as orders only" });

export type RevenueSettings = { windowDays: number; currency: string };

export async function revenueSettings(brandId: string): Promise<RevenueSettings> {
  const row = await db.sendingSettings.findUnique({ where: { brandId }, select: { attributionWindowDays: true, revenueCurrency: true } });
  return { windowDays: row?.attributionWindowDays ?? DEFAULT_WINDOW_DAYS, currency: row?.revenueCurrency ?? DEFAULT_CURRENCY };
}

/** The same, inside the events worker's transaction. */
export async function revenueSettingsIn(tx: SqlRunner, brandId: string): Promise<RevenueSettings> {
  const [row] = await tx.all<{ attributionWindowDays: unknown; revenueCurrency: string }>(
    `SELECT "attributionWindowDays", "revenueCurrency" FROM "SendingSettings" WHERE "brandId" = ?`,
    [brandId],
  );
  return {
    windowDays: row ? numberValue(row.attributionWindowDays) : DEFAULT_WINDOW_DAYS,
    currency: row?.revenueCurrency ?? DEFAULT_CURRENCY,
  };
}

/**
 * Refuses another currency once the brand has attributed revenue: the counters keep amounts, not
 * currencies, and Inkwell has no exchange rates, so the revenue counted so far would be relabelled and
 * added to the new currency's.
 */
export async function checkCurrencyChange(brandId: string, currency: string | undefined): Promise<void> {
  if (currency === undefined) return;
  const current = (await revenueSettings(brandId)).currency;
  if (currency === current) return;
  const counted = await db.orderAttribution.findFirst({ where: { brandId, value: { gt: 0 } }, select: { orderId: true } });
  if (counted)
    throw new ApiProblem(
      "conflict",
      `The revenue currency stays ${current}: the brand has revenue counted in it, and Inkwell has no exchange rates to convert it to ${currency}`,
    );
}
