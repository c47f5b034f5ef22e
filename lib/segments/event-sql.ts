// Event filters as SQL: how many of the contact's events (ContactEvent) of a name, from an origin, in a
// period and matching property sub-filters there are, compared with the filter's count; as one grouped
// query over the brand's events, or per contact when only a few given contacts are tested. Property paths
// reach into arrays with `[]` ("lineItems.[].productID": any line item's productID).
import { propertyFilterKind, type EventFilter, type PropertyFilter } from "./conditions";
import type { Ctx } from "./segment-sql";
import type { JsonValue } from "@/lib/db/query-builder";
import { applyPolarity, boolSql, numberSql, polarity, textDateSql, textSql, timestampSql } from "./value-sql";

export function eventFilterSql(f: EventFilter, ctx: Ctx): string {
  // "at least 0 times" holds for everyone (and writes no parameters).
  if (f.count === "atLeast" && f.value <= 0) return f.operator === "has" ? "1 = 1" : "1 = 0";
  return ctx.perContact ? perContactSql(f, ctx) : wholeBrandSql(f, ctx);
}

/** The filter's own terms on the events of alias `e` (origin, period, property sub-filters). */
function eventTerms(f: EventFilter, e: string, ctx: Ctx): string {
  const { sql, now } = ctx;
  let where = "";
  if (f.origin !== undefined) where += ` AND ${e}."origin" = ${sql.p(f.origin, "text")}`;
  if (f.period) where += ` AND ${timestampSql(f.period.operator, f.period, `${e}."eventTime"`, sql, now)}`;
  if (f.filters?.length) {
    where +=
      " AND (" + f.filters.map((p) => propertyFilterSql(p, `${e}."properties"`, ctx)).join(f.junction === "or" ? " OR " : " AND ") + ")";
  }
  return where;
}

/**
 * Over all of a brand's contacts (counts, lists, bulk jobs): one grouped query over the brand's events
 * of the name, through (brandId, eventName, eventTime), and the contacts whose count passes. A query per
 * contact cost 730 ms at 200,000 contacts where this costs about 180 ms.
 */
function wholeBrandSql(f: EventFilter, ctx: Ctx): string {
  const { sql } = ctx;
  const e = sql.alias("e");
  // Parameters follow the text's order: brand, name, the filter's terms, then the count.
  const head = `SELECT ${e}."contactId" FROM "ContactEvent" ${e} WHERE ${e}."brandId" = ${sql.p(ctx.brandId, "text")} AND ${e}."eventName" = ${sql.p(f.name, "text")}${eventTerms(f, e, ctx)} GROUP BY ${e}."contactId" HAVING `;
  // Contacts with n matching events: "equals 0" is the complement of "at least 1".
  const none = f.count === "equals" && f.value === 0;
  const having = none ? "COUNT(*) >= 1" : `COUNT(*) ${f.count === "atLeast" ? ">=" : "="} ${sql.p(f.value, "int")}`;
  const inSet = (f.operator === "has") !== none;
  return `c."id" ${inSet ? "IN" : "NOT IN"} (${head}${having})`;
}

/**
 * For a few given contacts (c.id IN a list: the segments a contact record belongs to): the contact's own
 * events through (brandId, contactId, eventTime). The name is kept off the index, or the planner,
 * without statistics, takes (brandId, eventName, eventTime) and reads every event of that name once per
 * contact (lib/db/dialect.ts unindexed).
 */
function perContactSql(f: EventFilter, ctx: Ctx): string {
  const { sql } = ctx;
  const e = sql.alias("e");
  const where = `${e}."brandId" = c."brandId" AND ${e}."contactId" = c."id" AND ${sql.dialect.unindexed(`${e}."eventName"`)} = ${sql.p(f.name, "text")}${eventTerms(f, e, ctx)}`;
  const from = `FROM "ContactEvent" ${e} WHERE ${where}`;
  let has: string;
  if (f.count === "atLeast") has = f.value === 1 ? `EXISTS (SELECT 1 ${from})` : `(SELECT COUNT(*) ${from}) >= ${sql.p(f.value, "int")}`;
  else has = f.value === 0 ? `NOT EXISTS (SELECT 1 ${from})` : `(SELECT COUNT(*) ${from}) = ${sql.p(f.value, "int")}`;
  return f.operator === "has" ? has : `NOT (${has})`;
}

/** Splits "a.b.[].c.[]" into the key runs between array wildcards: [["a","b"], ["c"], []]. */
export function pathRuns(path: string): string[][] {
  const runs: string[][] = [[]];
  for (const key of path.split(".")) {
    if (key === "[]") runs.push([]);
    else runs[runs.length - 1].push(key);
  }
  return runs;
}

/** A positive operator over one JSON value. */
function valueSql(positive: string, f: PropertyFilter, json: JsonValue, ctx: Ctx): string {
  const { sql, now } = ctx;
  if (positive === "exists") return json.present;
  switch (propertyFilterKind(f)) {
    case "number":
      return numberSql(positive, f, json.number, sql);
    case "bool":
      return boolSql(positive, f, json.bool);
    case "date":
      return textDateSql(positive, f, json.text, sql, now);
    default:
      return textSql(positive, f, json.text, sql);
  }
}

/**
 * A property sub-filter over the JSON column `column`. Without wildcards the value is read directly; with
 * them, each array level is walked (EXISTS over its elements), and a negative operator means no element
 * matches the positive one.
 */
export function propertyFilterSql(f: PropertyFilter, column: string, ctx: Ctx): string {
  const { sql } = ctx;
  const { positive, negated } = polarity(f.operator);
  const runs = pathRuns(f.property);
  if (runs.length === 1) return applyPolarity(valueSql(positive, f, sql.dialect.jsonAt(column, runs[0]), ctx), negated);
  const { from, where: arrays, value: json } = sql.dialect.jsonElements(column, runs, () => sql.alias("j"));
  const where = [...arrays, valueSql(positive, f, json, ctx)].join(" AND ");
  const exists = `EXISTS (SELECT 1 FROM ${from.join(", ")} WHERE ${where})`;
  return negated ? `NOT ${exists}` : exists;
}
