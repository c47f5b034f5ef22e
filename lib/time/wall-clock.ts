// Wall-clock arithmetic in an IANA time zone with Intl (no table of offsets: the zone data the runtime
// ships decides DST): campaigns' send times and automations' delays both reckon with it. Pure, so the
// dashboard uses it too (a time picked in the brand's zone).
/** Whether `zone` is an IANA time zone this runtime knows (a brand's time zone is checked with it). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, f);
  }
  return f;
}

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall-clock time in `zone` at `instant`. */
export function wallTime(instant: Date, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(instant)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** The zone's offset from UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, zone: string): number {
  const w = wallTime(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant at which the wall clock of `zone` shows `wall` (a time skipped by a DST change is taken
 * after the change; a repeated one, at its first occurrence).
 */
export function instantOf(wall: WallTime, zone: string): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // The zone's offset a little before and after the naive instant: they differ only around a change.
  const candidates = [offsetAt(new Date(naive - 86_400_000), zone), offsetAt(new Date(naive + 86_400_000), zone)].map((o) => naive - o);
  const shows = (t: number) => {
    const w = wallTime(new Date(t), zone);
    return w.year === wall.year && w.month === wall.month && w.day === wall.day && w.hour === wall.hour && w.minute === wall.minute;
  };
  const matching = candidates.filter(shows).sort((a, b) => a - b);
  // A repeated time: its first occurrence; a skipped one: after the change (the later candidate).
  return new Date(matching.length > 0 ? matching[0] : Math.max(...candidates));
}

/** Brand-local midnight of the day `instant` falls on in `zone`. */
export function startOfDay(instant: Date, zone: string): Date {
  const w = wallTime(instant, zone);
  return instantOf({ year: w.year, month: w.month, day: w.day, hour: 0, minute: 0, second: 0 }, zone);
}

/** The same wall-clock time as `instant` shows in `from`, in `to` (the TZ-optimized send time). */
export function sameWallTimeIn(instant: Date, from: string, to: string): Date {
  return instantOf(wallTime(instant, from), to);
}

/** The hour of day (0-23) `instant` falls on in `zone`. */
export function hourIn(instant: Date, zone: string): number {
  return wallTime(instant, zone).hour;
}

/** The zone whose clocks are furthest ahead (UTC+14): the first to reach any wall-clock time. */
export const EARLIEST_ZONE = "Pacific/Kiritimati";
