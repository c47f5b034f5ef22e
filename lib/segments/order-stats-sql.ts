// Contact properties computed from the contact's orders (its `placed order` events, their `value`):
// totalSpent (sum of all orders, 0 without orders), averageOrderValue (none without orders) and the
// customer lifecycle stage (RFM over the last 365 days, with the default thresholds Omnisend documents:
// last order under 40 days ago is recent, 40-90 needs nurturing, 90-180 at risk, older about to lose;
// 2+ orders make loyalists, with an average order at or above the brand's average champions, and further
// back high potential / can't lose). Each is one grouped query over the brand's orders (index
// brandId, eventName, eventTime), never a query per contact.
import type { ContactFilter } from "./conditions";
import type { Ctx } from "./segment-sql";
import { numberHolds, numberSql, polarity, shift, textList } from "./value-sql";

export const ORDER_EVENT = "placed order";

function orderValue(ctx: Ctx, e: string): string {
  const column = `${e}."properties"`;
  return ctx.sql.dialect.jsonAt(column, ["value"]).number;
}

/** `c.id IN (contacts with orders whose aggregate passes)`, or NOT IN those that fail when 0 orders pass. */
export function orderStatSql(property: "totalSpent" | "averageOrderValue", f: ContactFilter, ctx: Ctx): string {
  const { sql } = ctx;
  const { positive, negated } = polarity(f.operator);
  const e = sql.alias("o");
  const aggregate = property === "totalSpent" ? `COALESCE(SUM(${orderValue(ctx, e)}), 0)` : `AVG(${orderValue(ctx, e)})`;
  // `having` is called after the brand's placeholder is written: parameters follow the text's order.
  const orders = (having: () => string) =>
    `SELECT ${e}."contactId" FROM "ContactEvent" ${e} WHERE ${e}."brandId" = ${sql.p(ctx.brandId, "text")} AND ${e}."eventName" = '${ORDER_EVENT}' GROUP BY ${e}."contactId" HAVING ${having()}`;
  if (positive === "exists") return `c."id" ${negated ? "NOT IN" : "IN"} (${orders(() => "COUNT(*) > 0")})`;
  // A contact without orders spent 0 (and has no average): does the filter take it? Then the contacts
  // whose orders fail it are left out; otherwise those whose orders pass it are taken.
  const withoutOrders = property === "totalSpent" ? numberHolds(positive, f, 0) !== negated : negated;
  const passes = (want: boolean) => () => `(${numberSql(positive, f, aggregate, sql)}) IS ${want !== negated ? "TRUE" : "NOT TRUE"}`;
  return withoutOrders ? `c."id" NOT IN (${orders(passes(false))})` : `c."id" IN (${orders(passes(true))})`;
}

export function lifecycleStageSql(f: ContactFilter, ctx: Ctx): string {
  const { sql, now } = ctx;
  const { positive, negated } = polarity(f.operator);
  const e = sql.alias("o");
  const a = sql.alias("o");
  const since = shift(now, -365);
  const value = orderValue(ctx, e);
  const brand = () => sql.p(ctx.brandId, "text");
  const ts = (d: Date) => sql.p(d, "ts");
  // Parameters are pushed in the order the text reads, so the pieces are written left to right.
  const head = `SELECT ${e}."contactId" FROM "ContactEvent" ${e} WHERE ${e}."brandId" = ${brand()} AND ${e}."eventName" = '${ORDER_EVENT}' AND ${e}."eventTime" >= ${ts(since)} GROUP BY ${e}."contactId" HAVING `;
  if (positive === "exists") return `c."id" ${negated ? "NOT IN" : "IN"} (${head}COUNT(*) > 0)`;
  const last = `MAX(${e}."eventTime")`;
  const high = () =>
    `AVG(${value}) >= (SELECT AVG(${orderValue(ctx, a)}) FROM "ContactEvent" ${a} WHERE ${a}."brandId" = ${brand()} AND ${a}."eventName" = '${ORDER_EVENT}' AND ${a}."eventTime" >= ${ts(since)})`;
  const stage =
    `(CASE WHEN ${last} >= ${ts(shift(now, -40))} THEN (CASE WHEN COUNT(*) >= 2 AND ${high()} THEN 'champions' WHEN COUNT(*) >= 2 THEN 'loyalists' ELSE 'recentCustomers' END)` +
    ` WHEN ${last} >= ${ts(shift(now, -90))} THEN (CASE WHEN COUNT(*) >= 2 OR ${high()} THEN 'highPotential' ELSE 'needNurturing' END)` +
    ` WHEN ${last} >= ${ts(shift(now, -180))} THEN (CASE WHEN COUNT(*) >= 2 OR ${high()} THEN 'cantLose' ELSE 'atRisk' END)` +
    ` ELSE 'aboutToLose' END)`;
  const stages = textList(f.value);
  const matching = `${head}${stage} IN (${stages.map((s) => sql.p(s, "text")).join(", ")})`;
  return `c."id" ${negated ? "NOT IN" : "IN"} (${matching})`;
}
