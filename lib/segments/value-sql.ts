// The operators of the filter language as SQL over one value: text, numbers, booleans and dates (a
// timestamp column, or a date written as text), plus how a negative operator (notEquals, noneOf,
// doesNotContain, doesNotExist) is the positive one negated. Callers decide what the value is: a column,
// a JSON value, or each element of a list inside EXISTS.
import type { Unit } from "./conditions";
import { escapeLike, type Sql } from "@/lib/db/query-builder";

/** The positive operator a negative one negates. */
const NEGATIONS: Record<string, string> = { notEquals: "equals", noneOf: "anyOf", doesNotContain: "contains", doesNotExist: "exists" };

/** `{positive, negated}`: a filter matches when `positive` holds (or, when negated, when it does not). */
export function polarity(operator: string): { positive: string; negated: boolean } {
  const positive = NEGATIONS[operator];
  return positive ? { positive, negated: true } : { positive: operator, negated: false };
}

/** `condition` made NULL-safe: a missing value never matches a positive operator, and always a negative one. */
export function applyPolarity(condition: string, negated: boolean): string {
  return negated ? `(${condition}) IS NOT TRUE` : `(${condition}) IS TRUE`;
}

export type Values = { value?: unknown; valueFrom?: unknown; valueTo?: unknown; unit?: Unit };

export function textList(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter((v) => v !== undefined && v !== null).map(String);
}

/** A positive text operator over the text expression `expr`. */
export function textSql(operator: string, f: Values, expr: string, sql: Sql): string {
  const values = textList(f.value);
  const like = (pattern: (v: string) => string) =>
    "(" + values.map((v) => `LOWER(${expr}) LIKE ${sql.p(pattern(escapeLike(v.toLowerCase())), "text")} ESCAPE '\\'`).join(" OR ") + ")";
  switch (operator) {
    case "equals":
    case "anyOf":
      return `${expr} IN (${values.map((v) => sql.p(v, "text")).join(", ")})`;
    case "contains":
      return like((v) => `%${v}%`);
    case "startsWith":
      return like((v) => `${v}%`);
    case "endsWith":
      return like((v) => `%${v}`);
    case "exists":
      return `(${expr} IS NOT NULL AND ${expr} <> '')`;
  }
  throw new Error(`text operator ${operator}`);
}

/** A positive number operator over the numeric expression `expr`. */
export function numberSql(operator: string, f: Values, expr: string, sql: Sql): string {
  const n = (v: unknown) => sql.p(v, "numeric");
  switch (operator) {
    case "equals":
      return `${expr} = ${n(f.value)}`;
    case "moreThan":
      return `${expr} > ${n(f.value)}`;
    case "lessThan":
      return `${expr} < ${n(f.value)}`;
    case "moreThanOrEquals":
      return `${expr} >= ${n(f.value)}`;
    case "lessThanOrEquals":
      return `${expr} <= ${n(f.value)}`;
    case "between":
      return `(${expr} >= ${n(f.valueFrom)} AND ${expr} <= ${n(f.valueTo)})`;
    case "exists":
      return `${expr} IS NOT NULL`;
  }
  throw new Error(`number operator ${operator}`);
}

/** Whether a number operator holds for `x` (order totals of contacts without orders are 0). */
export function numberHolds(operator: string, f: Values, x: number): boolean {
  const v = f.value as number;
  switch (operator) {
    case "equals":
      return x === v;
    case "moreThan":
      return x > v;
    case "lessThan":
      return x < v;
    case "moreThanOrEquals":
      return x >= v;
    case "lessThanOrEquals":
      return x <= v;
    case "between":
      return x >= (f.valueFrom as number) && x <= (f.valueTo as number);
    default:
      return false;
  }
}

/** A positive boolean operator over `expr` ('true' / 'false' text). */
export function boolSql(operator: string, f: Values, expr: string): string {
  if (operator === "exists") return `${expr} IS NOT NULL`;
  return `${expr} = '${f.value === true ? "true" : "false"}'`;
}

// ---- dates (UTC)

const DAY_MS = 86_400_000;
const isDateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** `now` moved by `n` units (n may be negative); months and years by the calendar. */
export function shift(now: Date, n: number, unit: Unit = "days"): Date {
  const d = new Date(now.getTime());
  if (unit === "days") d.setTime(d.getTime() + n * DAY_MS);
  else if (unit === "weeks") d.setTime(d.getTime() + n * 7 * DAY_MS);
  else if (unit === "months") d.setUTCMonth(d.getUTCMonth() + n);
  else d.setUTCFullYear(d.getUTCFullYear() + n);
  return d;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const startOf = (v: string) => new Date(isDateOnly(v) ? `${v}T00:00:00Z` : v);

/** A date operator over a timestamp column: whole UTC days for dates, the instant for RFC 3339 times. */
export function timestampSql(operator: string, f: Values, expr: string, sql: Sql, now: Date): string {
  const t = (d: Date) => sql.p(d, "ts");
  const value = String(f.value);
  switch (operator) {
    case "equals":
      return isDateOnly(value)
        ? `(${expr} >= ${t(startOf(value))} AND ${expr} < ${t(shift(startOf(value), 1))})`
        : `${expr} = ${t(startOf(value))}`;
    case "before":
      return `${expr} < ${t(startOf(value))}`;
    case "after":
      return isDateOnly(value) ? `${expr} >= ${t(shift(startOf(value), 1))}` : `${expr} > ${t(startOf(value))}`;
    case "between": {
      const to = String(f.valueTo);
      return `(${expr} >= ${t(startOf(String(f.valueFrom)))} AND ${isDateOnly(to) ? `${expr} < ${t(shift(startOf(to), 1))}` : `${expr} <= ${t(startOf(to))}`})`;
    }
    case "inTheLast":
      return `${expr} >= ${t(shift(now, -(f.value as number), f.unit))}`;
    case "notInTheLast":
      return `${expr} < ${t(shift(now, -(f.value as number), f.unit))}`;
    case "inTheNext":
      return `(${expr} >= ${t(now)} AND ${expr} <= ${t(shift(now, f.value as number, f.unit))})`;
    case "exists":
      return `${expr} IS NOT NULL`;
  }
  throw new Error(`date operator ${operator}`);
}

/** A date operator over a date written as text ("YYYY-MM-DD", or a longer ISO 8601 time): its day is compared. */
export function textDateSql(operator: string, f: Values, expr: string, sql: Sql, now: Date): string {
  const day = `SUBSTR(${expr}, 1, 10)`;
  const isDate = `${expr} LIKE '____-__-__%'`;
  const d = (v: string | Date) => sql.p(typeof v === "string" ? v.slice(0, 10) : dayOf(v), "text");
  const value = String(f.value);
  const today = dayOf(now);
  switch (operator) {
    case "equals":
      return `(${isDate} AND ${day} = ${d(value)})`;
    case "before":
      return `(${isDate} AND ${day} < ${d(value)})`;
    case "after":
      return `(${isDate} AND ${day} > ${d(value)})`;
    case "between":
      return `(${isDate} AND ${day} >= ${d(String(f.valueFrom))} AND ${day} <= ${d(String(f.valueTo))})`;
    case "inTheLast":
      return `(${isDate} AND ${day} >= ${d(shift(now, -(f.value as number), f.unit))} AND ${day} <= ${d(today)})`;
    case "notInTheLast":
      return `(${isDate} AND ${day} < ${d(shift(now, -(f.value as number), f.unit))})`;
    case "inTheNext":
      return `(${isDate} AND ${day} >= ${d(today)} AND ${day} <= ${d(shift(now, f.value as number, f.unit))})`;
    case "exists":
      return `(${expr} IS NOT NULL AND ${expr} <> '')`;
    case "anniversaryIsToday":
    case "anniversaryIsInTheNext": {
      // Month-days ("MM-DD"): today's alone is today through today + 0 days (a 29 February birthday included on the 28th).
      const days = anniversaryDays(now, operator === "anniversaryIsToday" ? 0 : (f.value as number), f.unit);
      if (days === null) return `(${isDate})`;
      return `(${isDate} AND SUBSTR(${expr}, 6, 5) IN (${days.map((md) => sql.p(md, "text")).join(", ")}))`;
    }
  }
  throw new Error(`date operator ${operator}`);
}

/** The month-days ("MM-DD") from today through today + n units; null when that spans a whole year. */
function anniversaryDays(now: Date, n: number, unit: Unit = "days"): string[] | null {
  const end = shift(now, n, unit);
  if (end.getTime() - now.getTime() >= 366 * DAY_MS) return null;
  const days = new Set<string>();
  for (let t = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()); t <= end.getTime(); t += DAY_MS) {
    const md = new Date(t).toISOString().slice(5, 10);
    days.add(md);
    // A 29 February birthday is celebrated on the 28th in years without one.
    const year = new Date(t).getUTCFullYear();
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    if (md === "02-28" && !leap) days.add("02-29");
  }
  return [...days];
}
