// Translates a segment's condition groups into one SQL boolean expression over a contact row (alias c),
// so membership and counts are evaluated by the database, never by loading contacts into memory.
// Groups are OR-ed, conditions inside a group AND-ed, the filters of a condition joined by its junction.
import { normalizeEmail, normalizePhone } from "@/lib/contacts/identifiers";
import { contactFilterKind, type Condition, type ConditionGroups, type ContactFilter } from "./conditions";
import { eventFilterSql } from "./event-sql";
import { orderStatSql, lifecycleStageSql } from "./order-stats-sql";
import { jsonAt, type Sql } from "@/lib/db/query-builder";
import { applyPolarity, boolSql, numberSql, polarity, textDateSql, textList, textSql, timestampSql } from "./value-sql";

/**
 * `perContact`: the caller tests a few given contacts (c."id" IN a list), so event conditions read each
 * contact's own events; otherwise they are one grouped query over the brand's events (counts, lists).
 */
export type SegmentScope = { brandId: string; now?: Date; perContact?: boolean };

/** `(group OR group ...)`; the caller scopes c to `scope.brandId` too (its own WHERE term). */
export function segmentSql(groups: ConditionGroups, sql: Sql, scope: SegmentScope): string {
  const ctx = { sql, brandId: scope.brandId, now: scope.now ?? new Date(), perContact: scope.perContact ?? false };
  return "(" + groups.map((g) => "(" + g.conditions.map((c) => conditionSql(c, ctx)).join(" AND ") + ")").join(" OR ") + ")";
}

export type Ctx = { sql: Sql; brandId: string; now: Date; perContact: boolean };

function conditionSql(condition: Condition, ctx: Ctx): string {
  const join = condition.junction === "or" ? " OR " : " AND ";
  const parts =
    condition.entity === "contact"
      ? condition.filters.map((f) => contactFilterSql(f, ctx))
      : condition.filters.map((f) => eventFilterSql(f, ctx));
  return "(" + parts.join(join) + ")";
}

const COLUMNS: Partial<Record<ContactFilter["property"], string>> = {
  firstName: "firstName",
  lastName: "lastName",
  gender: "gender",
  countryCode: "countryCode",
  state: "state",
  city: "city",
  address: "address",
  postalCode: "postalCode",
  lastDetectedCity: "lastDetectedCity",
  lastDetectedCountry: "lastDetectedCountry",
};

const IDENTIFIER_OF_CHANNEL = { email: "email", sms: "phone", browserPush: null } as const;

/** Positive condition over the rows of a child table of the contact, or its negation. */
function anyRow(table: string, where: (alias: string) => string, negated: boolean, ctx: Ctx): string {
  const a = ctx.sql.alias("r");
  const exists = `EXISTS (SELECT 1 FROM "${table}" ${a} WHERE ${a}."contactId" = c."id" AND ${where(a)})`;
  return negated ? `NOT ${exists}` : exists;
}

export function contactFilterSql(f: ContactFilter, ctx: Ctx): string {
  const { sql, now } = ctx;
  const { positive, negated } = polarity(f.operator);
  const column = COLUMNS[f.property];
  if (column) return applyPolarity(textSql(positive, f, `c."${column}"`, sql), negated);
  switch (f.property) {
    case "country":
      // Either the name or the ISO code: segments say "US" or "United States" alike.
      return applyPolarity(`${textSql(positive, f, `c."country"`, sql)} OR ${textSql(positive, f, `c."countryCode"`, sql)}`, negated);
    case "email":
    case "phoneNumber": {
      const type = f.property === "email" ? "email" : "phone";
      const normalize =
        type === "email" ? (v: string) => normalizeEmail(v) ?? v.trim().toLowerCase() : (v: string) => normalizePhone(v) ?? v.trim();
      const values = positive === "equals" || positive === "anyOf" ? { ...f, value: textList(f.value).map(normalize) } : f;
      return anyRow(
        "ContactIdentifier",
        (i) => `${i}."type" = '${type}' AND ${textSql(positive, values, `${i}."value"`, sql)}`,
        negated,
        ctx,
      );
    }
    case "tags":
      return listSql("ContactTag", "tag", f, ctx);
    case "consent":
      return listSql("ContactConsent", "channel", f, ctx);
    case "subscriptionTopics":
      // A topic the contact chose and has not left (lib/topics); never chosen or left: not subscribed.
      return listSql("ContactTopicSubscription", "topicId", f, ctx, (r) => ` AND ${r}."status" = 'subscribed'`);
    case "subscriptionStatus": {
      const parts = (f.channels ?? []).map((channel) => {
        const type = IDENTIFIER_OF_CHANNEL[channel];
        // Nobody has a browser push subscription here: it never "equals", always "notEquals".
        if (type === null) return f.operator === "equals" ? "1 = 0" : "1 = 1";
        return anyRow(
          "ContactIdentifier",
          (i) => `${i}."type" = '${type}' AND ${i}."status" = ${sql.p(f.value, "text")}`,
          f.operator === "notEquals",
          ctx,
        );
      });
      return "(" + parts.join(" AND ") + ")";
    }
    case "dateAdded":
    case "dateUpdated": {
      const expr = f.property === "dateAdded" ? `c."createdAt"` : `c."updatedAt"`;
      return applyPolarity(timestampSql(positive, f, expr, sql, now), negated);
    }
    case "birthday": {
      const kind = contactFilterKind(f);
      const expr = `c."birthdate"`;
      return applyPolarity(kind === "text" ? textSql(positive, f, expr, sql) : textDateSql(positive, f, expr, sql, now), negated);
    }
    case "custom":
      return customSql(f, ctx);
    case "totalSpent":
    case "averageOrderValue":
      return orderStatSql(f.property, f, ctx);
    case "customerLifecycleStage":
      return lifecycleStageSql(f, ctx);
  }
  throw new Error(`contact property ${f.property}`);
}

function listSql(table: string, column: string, f: ContactFilter, ctx: Ctx, rowFilter: (alias: string) => string = () => ""): string {
  const { sql } = ctx;
  const values = textList(f.value);
  switch (f.operator) {
    case "anyOf":
    case "noneOf":
      return anyRow(
        table,
        (r) => `${r}."${column}" IN (${values.map((v) => sql.p(v, "text")).join(", ")})${rowFilter(r)}`,
        f.operator === "noneOf",
        ctx,
      );
    case "allOf": {
      const unique = [...new Set(values)];
      const r = sql.alias("r");
      return `(SELECT COUNT(DISTINCT ${r}."${column}") FROM "${table}" ${r} WHERE ${r}."contactId" = c."id" AND ${r}."${column}" IN (${unique.map((v) => sql.p(v, "text")).join(", ")})${rowFilter(r)}) = ${unique.length}`;
    }
    case "exists":
    case "doesNotExist":
      return anyRow(table, (r) => `1 = 1${rowFilter(r)}`, f.operator === "doesNotExist", ctx);
  }
  throw new Error(`list operator ${f.operator}`);
}

/** A custom property: its JSON type must be the filter's valueType (a number "12" is not text "12"). */
function customSql(f: ContactFilter, ctx: Ctx): string {
  const { sql, now } = ctx;
  const { positive, negated } = polarity(f.operator);
  const json = jsonAt(sql, `c."customProperties"`, [f.name!]);
  if (positive === "exists") return applyPolarity(json.present, negated);
  switch (f.valueType) {
    case "number":
      return applyPolarity(numberSql(positive, f, json.number, sql), negated);
    case "bool":
      return applyPolarity(boolSql(positive, f, json.bool), negated);
    case "date":
      return applyPolarity(textDateSql(positive, f, json.text, sql, now), negated);
    default:
      return applyPolarity(textSql(positive, f, json.text, sql), negated);
  }
}
