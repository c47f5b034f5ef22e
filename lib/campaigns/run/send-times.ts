// When each contact of a page gets the campaign:
//  - time-zone optimized (immediate or scheduled): the campaign's wall-clock time in the brand's zone, in
//    the contact's own zone (from their country and state; the brand's when unknown);
//  - personalized: within the 24 hours from the window's start, at the hour of day (UTC) the contact
//    engaged most in the last 90 days (opens: opened or clicked an email; clicks: clicked; orders: placed
//    an order; machine opens and clicks do not count), else at the brand's default hour in its zone;
//  - otherwise (and when the time has already passed): now (no sendAt).
import { sqlReader } from "@/lib/db/sql";
import { dateValue, jsonValue } from "@/lib/db/values";
import type { Campaign } from "../campaign-data";
import type { AudienceContact } from "../audience";
import { contactTimeZone, hourIn, sameWallTimeIn } from "../time-zones";
import type { BrandSendingProfile } from "../brand-profile";

const HOUR = 3_600_000;
const HISTORY_DAYS = 90;

export const ENGAGEMENT_EVENTS: Record<"opens" | "clicks" | "orders", string[]> = {
  opens: ["opened email", "clicked email"],
  clicks: ["clicked email"],
  orders: ["placed order"],
};

/** For each contact with engagement history: the UTC hour of day it engaged most (ties: the earliest hour). */
export async function bestHours(brandId: string, contactIds: string[], optimizeFor: keyof typeof ENGAGEMENT_EVENTS, now: Date) {
  const result = new Map<string, number>();
  if (contactIds.length === 0) return result;
  const names = ENGAGEMENT_EVENTS[optimizeFor];
  const rows = await sqlReader().all<{ contactId: string; eventTime: unknown; properties: unknown }>(
    `SELECT "contactId", "eventTime", "properties" FROM "ContactEvent"
     WHERE "brandId" = ? AND "contactId" IN (${contactIds.map(() => "?").join(", ")})
       AND "eventName" IN (${names.map(() => "?").join(", ")}) AND "eventTime" >= ?ts`,
    [brandId, ...contactIds, ...names, new Date(now.getTime() - HISTORY_DAYS * 24 * HOUR)],
  );
  const counts = new Map<string, number[]>();
  for (const row of rows) {
    const properties = jsonValue(row.properties) as { machine?: unknown } | null;
    if (properties?.machine === true) continue;
    let hours = counts.get(row.contactId);
    if (!hours) counts.set(row.contactId, (hours = new Array<number>(24).fill(0)));
    hours[dateValue(row.eventTime).getUTCHours()]++;
  }
  for (const [contactId, hours] of counts) result.set(contactId, hours.indexOf(Math.max(...hours)));
  return result;
}

/** The first whole hour at or after `from` that `matches`, within 24 hours. */
function firstHour(from: Date, matches: (t: Date) => boolean): Date {
  const start = Math.ceil(from.getTime() / HOUR) * HOUR;
  for (let i = 0; i < 24; i++) {
    const t = new Date(start + i * HOUR);
    if (matches(t)) return t;
  }
  return new Date(start);
}

export type SendTimePlan = (contacts: AudienceContact[]) => Promise<Map<string, Date | undefined>>;

/**
 * The send-time function of a campaign's run. `anchor`: the scheduled time (time-zone optimized), or the
 * window's start (personalized); `now` decides what has passed.
 */
export function sendTimePlan(campaign: Campaign, profile: BrandSendingProfile, anchor: Date, now: () => Date): SendTimePlan {
  const { strategy, isTZOptimizationEnabled, optimizeFor } = campaign.sending;
  const due = (t: Date) => (t.getTime() > now().getTime() ? t : undefined);
  if (strategy === "personalized") {
    const fallback = firstHour(anchor, (t) => hourIn(t, profile.timeZone) === profile.defaultSendHour);
    return async (contacts) => {
      const hours = await bestHours(
        campaign.brandId,
        contacts.map((c) => c.id),
        optimizeFor ?? "opens",
        now(),
      );
      return new Map(
        contacts.map((c) => {
          const hour = hours.get(c.id);
          return [c.id, due(hour === undefined ? fallback : firstHour(anchor, (t) => t.getUTCHours() === hour))];
        }),
      );
    };
  }
  if (isTZOptimizationEnabled && campaign.channel === "email") {
    return async (contacts) =>
      new Map(contacts.map((c) => [c.id, due(sameWallTimeIn(anchor, profile.timeZone, contactTimeZone(c) ?? profile.timeZone))]));
  }
  return async (contacts) => new Map(contacts.map((c) => [c.id, undefined]));
}
