// The one way the dashboard shows dates, times and numbers: Intl in the viewer's own locale and time zone
// (the browser's defaults), so every page reads the same ("24 Nov 2026, 00:24" for a British viewer).
// Server-rendered text that includes a date or number renders it through <LocalDate> / <LocalNumber>
// (local-date.tsx), which switch to these once the page runs in the viewer's browser.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeSeconds = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
const hourOnly = new Intl.DateTimeFormat(undefined, { hour: "numeric" });
const dayHour = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "numeric" });
const integer = new Intl.NumberFormat(undefined);
const percent = new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 1 });

const parse = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** "Nov 24, 2026, 12:24 AM" (in the viewer's locale); "—" when there is no date. */
export const formatDateTime = (value: string | number | Date | null | undefined) =>
  value === null || value === undefined || value === "" ? "—" : dateTime.format(parse(value));
/** "Nov 24, 2026" */
export const formatDate = (value: string | number | Date | null | undefined) =>
  value === null || value === undefined || value === "" ? "—" : dateOnly.format(parse(value));
/** An hour of a chart: "2 PM" (with the day, "Nov 24, 2 PM", when `withDay`). */
export const formatHour = (value: string | number | Date, withDay = false) => (withDay ? dayHour : hourOnly).format(parse(value));
/** With seconds, for event streams where order within a minute matters. */
export const formatDateTimeSeconds = (value: string | number | Date) => dateTimeSeconds.format(parse(value));
/** "12,345" */
export const formatNumber = (value: number) => integer.format(value);
/** "12.5%" for a rate 0-1 */
export const formatPercent = (rate: number) => percent.format(rate);
/** "1 contact" / "12,345 contacts" */
export const formatCount = (value: number, one: string, many: string) => `${integer.format(value)} ${value === 1 ? one : many}`;
/** A money amount in its currency, e.g. "€12.50"; the bare number when the currency is unknown. */
export function formatMoney(value: number, currency?: string | null): string {
  if (currency) {
    try {
      return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(value);
    } catch {
      // not an ISO 4217 code: fall through to the number and the code as written
    }
  }
  return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(value)}${currency ? ` ${currency}` : ""}`;
}

/** What the server can say before the viewer's locale and time zone are known (and without JavaScript):
 * the instant in UTC, "2026-11-24 00:24 UTC" or "2026-11-24". Replaced by the viewer's format on hydration. */
export function formatUtc(value: string | number | Date, withTime: boolean): string {
  const iso = parse(value).toISOString();
  return withTime ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso.slice(0, 10);
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];
/** How long ago, in the viewer's words: "just now", "5 minutes ago", "yesterday". */
export function formatAgo(value: string | number | Date, now = Date.now()): string {
  const ms = now - parse(value).getTime();
  for (const [unit, size] of UNITS) if (Math.abs(ms) >= size) return relative.format(-Math.round(ms / size), unit);
  return "just now";
}

/** A wait, rounded up: "1 second", "12 seconds", "3 minutes", "1 hour". */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const [n, unit] =
    seconds < 90 ? [seconds, "second"] : seconds < 5400 ? [Math.ceil(seconds / 60), "minute"] : [Math.ceil(seconds / 3600), "hour"];
  return `${integer.format(n)} ${unit}${n === 1 ? "" : "s"}`;
}
