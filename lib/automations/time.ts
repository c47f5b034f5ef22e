// Time arithmetic of automations, in the brand's time zone (an IANA name, Brand.timeZone): when a delay
// ends (a duration, a time of day, allowed weekdays), a birthday's moment, and the published duration
// units. Pure functions of an instant, so the engine's tests run on a clock of their own.

import { instantOf, wallTime, type WallTime } from "@/lib/time/wall-clock";

export type DurationUnit = "m" | "h" | "d" | "w" | "M";
export type Duration = { amount: number; units: DurationUnit };

export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const MINUTE = 60_000;
const UNIT_MS: Record<Exclude<DurationUnit, "M">, number> = { m: MINUTE, h: 60 * MINUTE, d: 24 * 60 * MINUTE, w: 7 * 24 * 60 * MINUTE };

export { isTimeZone } from "@/lib/time/wall-clock";

type Local = WallTime & { weekday: number };

/** The wall clock of `instant` in `zone`, with its weekday (0 = Sunday). */
export function localParts(instant: Date, zone: string): Local {
  const w = wallTime(instant, zone);
  return { ...w, weekday: new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() };
}

/**
 * The instant a wall-clock time of `zone` names. A time skipped by a daylight-saving change (02:30 on
 * the spring-forward night) is taken as the same distance after the change; a repeated one (the autumn
 * night) as its first occurrence.
 */
export function zonedInstant(zone: string, year: number, month: number, day: number, hour: number, minute: number): Date {
  return instantOf({ year, month, day, hour, minute, second: 0 }, zone);
}

/** `instant` plus a duration; months are calendar months of the zone (Jan 31 + 1 month = the last day of February). */
export function addDuration(instant: Date, duration: Duration, zone: string): Date {
  if (duration.units !== "M") return new Date(instant.getTime() + duration.amount * UNIT_MS[duration.units]);
  const l = localParts(instant, zone);
  const months = l.month - 1 + duration.amount;
  const year = l.year + Math.floor(months / 12);
  const month = (months % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return zonedInstant(zone, year, month, Math.min(l.day, lastDay), l.hour, l.minute);
}

export function durationMs(duration: { amount: number; units: Exclude<DurationUnit, "M"> }): number {
  return duration.amount * UNIT_MS[duration.units];
}

/** The next instant after (or at) `from` whose wall-clock time in `zone` is HH:MM: today, or tomorrow when it has passed. */
export function nextTimeOfDay(from: Date, time: string, zone: string): Date {
  const [hour, minute] = time.split(":").map(Number);
  const l = localParts(from, zone);
  const today = zonedInstant(zone, l.year, l.month, l.day, hour, minute);
  if (today.getTime() >= from.getTime()) return today;
  const tomorrow = new Date(Date.UTC(l.year, l.month - 1, l.day + 1));
  return zonedInstant(zone, tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate(), hour, minute);
}

/** `instant` moved forward day by day, keeping its wall-clock time, to the first allowed weekday of the zone. */
export function onAllowedWeekday(instant: Date, allowed: readonly Weekday[] | undefined, zone: string): Date {
  if (!allowed || allowed.length === 0 || allowed.length === 7) return instant;
  const days = new Set(allowed.map((d) => WEEKDAYS.indexOf(d)));
  const l = localParts(instant, zone);
  for (let add = 0; add < 7; add++) {
    const date = new Date(Date.UTC(l.year, l.month - 1, l.day + add));
    if (days.has(date.getUTCDay())) {
      return add === 0 ? instant : zonedInstant(zone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), l.hour, l.minute);
    }
  }
  return instant;
}

export type DelaySpec = {
  mode: "duration" | "immediate" | "specificTime";
  duration?: Duration;
  time?: string;
  allowedWeekdays?: Weekday[];
};

/** When a delay that starts at `from` ends. */
export function delayEnd(delay: DelaySpec, from: Date, zone: string): Date {
  let end = from;
  if (delay.mode === "duration" && delay.duration) end = addDuration(from, delay.duration, zone);
  else if (delay.mode === "specificTime" && delay.time) end = nextTimeOfDay(from, delay.time, zone);
  return onAllowedWeekday(end, delay.allowedWeekdays, zone);
}

/** The calendar date (YYYY-MM-DD) of `instant` in `zone`. */
export function localDate(instant: Date, zone: string): string {
  const l = localParts(instant, zone);
  return `${l.year}-${String(l.month).padStart(2, "0")}-${String(l.day).padStart(2, "0")}`;
}

/** The midnight of a birthday (MM-DD) in `year` in the zone; February 29 falls on February 28 in other years. */
export function birthdayMidnight(monthDay: string, year: number, zone: string): Date {
  const [month, day] = monthDay.split("-").map(Number);
  const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
  const d = month === 2 && day === 29 && !leap ? 28 : day;
  return zonedInstant(zone, year, month, d, 0, 0);
}
