// Translates a segment's condition groups into one SQL boolean expression over a contact row (alias c),
// so membership and counts are evaluated by the database, never by loading contacts into memory.
import type { Condition, ConditionGroups } from "./conditions";
import { likeContains, type Sql } from "./sql";

const DAY_MS = 86_400_000;
const SAFE_KEY = /^[A-Za-z0-9_-]+$/;
const CHANNEL_TYPE = { email: "email", sms: "phone" } as const;

/** `(group OR group ...)` with each group `(condition AND condition ...)`; the caller scopes c to a brand. */
export function segmentSql(groups: ConditionGroups, sql: Sql, now: Date = new Date()): string {
  return "(" + groups.map((g) => "(" + g.conditions.map((c) => conditionSql(c, sql, now)).join(" AND ") + ")").join(" OR ") + ")";
}

function conditionSql(c: Condition, sql: Sql, now: Date): string {
  switch (c.type) {
    case "status": {
      const exists = `EXISTS (SELECT 1 FROM "ContactIdentifier" i WHERE i."contactId" = c."id" AND i."type" = '${CHANNEL_TYPE[c.channel]}' AND i."status" = ${sql.p(c.value)})`;
      return c.operator === "is" ? exists : `NOT ${exists}`;
    }
    case "tag": {
      const exists = `EXISTS (SELECT 1 FROM "ContactTag" t WHERE t."contactId" = c."id" AND t."tag" = ${sql.p(c.value)})`;
      return c.operator === "has" ? exists : `NOT ${exists}`;
    }
    case "profile":
      return profileSql(c, sql);
    case "customProperty":
      return customPropertySql(c, sql);
    case "date": {
      const column = `c."${c.field}"`;
      if (typeof c.value === "number") return `${column} >= ${sql.p(new Date(now.getTime() - c.value * DAY_MS))}`;
      return `${column} ${c.operator === "before" ? "<" : ">"} ${sql.p(new Date(c.value))}`;
    }
    case "event":
      return eventSql(c, sql, now);
  }
}

function profileSql(c: Extract<Condition, { type: "profile" }>, sql: Sql): string {
  const column = `c."${c.field}"`;
  const present = `(${column} IS NOT NULL AND ${column} <> '')`;
  switch (c.operator) {
    case "exists":
      return present;
    case "notExists":
      return `NOT ${present}`;
    case "equals":
      return `${column} = ${sql.p(c.value ?? "")}`;
    case "notEquals":
      return `(${column} IS NULL OR ${column} <> ${sql.p(c.value ?? "")})`;
    case "contains":
      return `LOWER(${column}) LIKE ${sql.p(likeContains(c.value ?? ""))} ESCAPE '\\'`;
  }
}

/** The JSON type of a custom property ('string' | 'number' | 'boolean' | null) and its value, per engine. */
function jsonAccess(key: string, sql: Sql) {
  // Keys are restricted to [A-Za-z0-9_-] by the schema, so they are written as literals (a path used
  // several times would otherwise need a parameter per `?` on SQLite); checked again here.
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe custom property key ${JSON.stringify(key)}`);
  const column = `c."customProperties"`;
  if (sql.dialect === "sqlite") {
    const path = `'$."${key}"'`;
    const type = `(CASE json_type(${column}, ${path}) WHEN 'text' THEN 'string' WHEN 'integer' THEN 'number' WHEN 'real' THEN 'number' WHEN 'true' THEN 'boolean' WHEN 'false' THEN 'boolean' END)`;
    const value = `json_extract(${column}, ${path})`;
    return { type, text: value, number: `(CASE WHEN ${type} = 'number' THEN ${value} END)`, boolean: `(CASE WHEN ${type} = 'boolean' THEN (CASE ${value} WHEN 1 THEN 'true' ELSE 'false' END) END)` };
  }
  const k = `'${key}'`;
  const type = `jsonb_typeof(${column} -> ${k})`;
  const text = `(${column} ->> ${k})`;
  return { type, text, number: `(CASE WHEN ${type} = 'number' THEN ${text}::numeric END)`, boolean: `(CASE WHEN ${type} = 'boolean' THEN ${text} END)` };
}

function customPropertySql(c: Extract<Condition, { type: "customProperty" }>, sql: Sql): string {
  const json = jsonAccess(c.key, sql);
  const equals = () => {
    if (typeof c.value === "number") return `${json.number} = ${sql.p(c.value, "numeric")}`;
    if (typeof c.value === "boolean") return `${json.boolean} = '${c.value ? "true" : "false"}'`;
    return `(${json.type} = 'string' AND ${json.text} = ${sql.p(c.value ?? "", "text")})`;
  };
  const compare = (op: string) => `${json.number} ${op} ${sql.p(c.value, "numeric")}`;
  switch (c.operator) {
    case "exists":
      return `${json.type} IS NOT NULL`;
    case "notExists":
      return `${json.type} IS NULL`;
    case "equals":
      return `(${equals()}) IS TRUE`;
    case "notEquals":
      // A missing key or another type is "not equal" too, so NULL must count as true here.
      return `(${equals()}) IS NOT TRUE`;
    case "gt":
      return compare(">");
    case "gte":
      return compare(">=");
    case "lt":
      return compare("<");
    case "lte":
      return compare("<=");
    case "contains":
      return `(${json.type} = 'string' AND LOWER(${json.text}) LIKE ${sql.p(likeContains(String(c.value ?? "")), "text")} ESCAPE '\\')`;
  }
}

function eventSql(c: Extract<Condition, { type: "event" }>, sql: Sql, now: Date): string {
  let where = `e."brandId" = c."brandId" AND e."contactId" = c."id" AND e."eventName" = ${sql.p(c.eventName)}`;
  if (c.withinLastDays !== undefined) where += ` AND e."eventTime" >= ${sql.p(new Date(now.getTime() - c.withinLastDays * DAY_MS))}`;
  if (c.atLeast === 1) {
    const exists = `EXISTS (SELECT 1 FROM "ContactEvent" e WHERE ${where})`;
    return c.operator === "did" ? exists : `NOT ${exists}`;
  }
  const count = `(SELECT COUNT(*) FROM "ContactEvent" e WHERE ${where})`;
  return `${count} ${c.operator === "did" ? ">=" : "<"} ${sql.p(c.atLeast, "int")}`;
}
