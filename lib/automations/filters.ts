// How the filters of a workflow hold: event-property filters (a trigger's filter groups, an exit
// condition's group, a split's event filters, all over the triggering event's properties) and contact
// filters (the audience, a split's contact filters, over a contact as loaded by ./contact-facts.ts).
// The same rules as segments' filters: `eq` is exact, text matches (contains, startsWith, endsWith) ignore
// case, and a negative operator holds where its positive one does not (a missing property included).
// Pure: the engine, the events worker's triggers and simulate share them.
import type { ContactFilter, ContactFilterGroup, EventFilter, EventFilterGroup, LogicalOperator } from "./model";

/** The values a property path names: a path through arrays (lineItems.productID) names each element's value. */
export function valuesAt(properties: unknown, path: string): unknown[] {
  let current: unknown[] = [properties];
  for (const key of path.split(".")) {
    const next: unknown[] = [];
    for (const value of current) {
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) {
        if (item && typeof item === "object" && !Array.isArray(item) && key in item) next.push((item as Record<string, unknown>)[key]);
      }
    }
    current = next;
  }
  return current.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => v !== undefined && v !== null);
}

const lower = (v: unknown) => String(v).toLowerCase();

function equal(a: unknown, b: unknown): boolean {
  if (typeof a === "number" || typeof b === "number") return Number(a) === Number(b) && a !== "" && b !== "";
  return a === b;
}

function holdsOne(operator: string, actual: unknown, expected: unknown): boolean {
  switch (operator) {
    case "eq":
      return equal(actual, expected);
    case "gt":
      return typeof actual === "number" ? actual > Number(expected) : String(actual) > String(expected);
    case "gte":
      return typeof actual === "number" ? actual >= Number(expected) : String(actual) >= String(expected);
    case "lt":
      return typeof actual === "number" ? actual < Number(expected) : String(actual) < String(expected);
    case "lte":
      return typeof actual === "number" ? actual <= Number(expected) : String(actual) <= String(expected);
    case "contains":
      return lower(actual).includes(lower(expected));
    case "startsWith":
      return lower(actual).startsWith(lower(expected));
    case "endsWith":
      return lower(actual).endsWith(lower(expected));
    case "in":
      return Array.isArray(expected) && expected.some((e) => equal(actual, e));
  }
  return false;
}

const NEGATIONS: Record<string, string> = { neq: "eq", notContains: "contains", notExists: "exists", notIn: "in" };

/** Whether an event filter holds for an event's properties. */
export function eventFilterHolds(filter: EventFilter, properties: unknown): boolean {
  const values = valuesAt(properties, filter.field);
  const positive = NEGATIONS[filter.operator];
  const operator = positive ?? filter.operator;
  const holds = operator === "exists" ? values.length > 0 : values.some((v) => holdsOne(operator, v, filter.value));
  return positive ? !holds : holds;
}

function combine<T>(operator: LogicalOperator, items: T[], test: (item: T) => boolean): boolean {
  return operator === "or" ? items.some(test) : items.every(test);
}

export function eventGroupHolds(group: EventFilterGroup, properties: unknown): boolean {
  return combine(group.logicalOperator, group.filters, (f) => eventFilterHolds(f, properties));
}

/** Filter groups are ANDed (published), each combining its filters with its own operator. */
export function eventGroupsHold(groups: EventFilterGroup[] | undefined, properties: unknown): boolean {
  return (groups ?? []).every((g) => eventGroupHolds(g, properties));
}

/** What contact filters read of a contact. */
export type ContactFacts = {
  firstName: string | null;
  lastName: string | null;
  gender: string | null;
  country: string | null;
  countryCode: string | null;
  state: string | null;
  city: string | null;
  postalCode: string | null;
  /** YYYY-MM-DD of createdAt (UTC) */
  dateAdded: string;
  tags: string[];
  segmentIds: string[];
};

function textHolds(operator: string, actual: string | null, expected: string): boolean {
  switch (operator) {
    case "eq":
      return actual !== null && actual.toLowerCase() === expected.toLowerCase();
    case "neq":
      return actual === null || actual.toLowerCase() !== expected.toLowerCase();
    case "contains":
      return actual !== null && actual.toLowerCase().includes(expected.toLowerCase());
    case "notContains":
      return actual === null || !actual.toLowerCase().includes(expected.toLowerCase());
  }
  return false;
}

export function contactFilterHolds(filter: ContactFilter, contact: ContactFacts): boolean {
  const { field, operator, value } = filter;
  switch (field) {
    case "segmentID":
      return operator === "eq" ? contact.segmentIds.includes(value) : !contact.segmentIds.includes(value);
    case "tag": {
      const has = contact.tags.includes(value.toLowerCase());
      return operator === "eq" ? has : !has;
    }
    case "dateAdded":
      if (operator === "eq") return contact.dateAdded === value;
      if (operator === "neq") return contact.dateAdded !== value;
      if (operator === "gt") return contact.dateAdded > value;
      return contact.dateAdded < value;
    case "gender":
      return contact.gender === value;
    case "country":
      // An ISO-2 code (published) or a name: either of the contact's two fields.
      return operator === "neq" || operator === "notContains"
        ? textHolds(operator, contact.countryCode, value) && textHolds(operator, contact.country, value)
        : textHolds(operator, contact.countryCode, value) || textHolds(operator, contact.country, value);
    default:
      return textHolds(operator, contact[field], value);
  }
}

export function contactGroupHolds(group: ContactFilterGroup | undefined, contact: ContactFacts): boolean {
  if (!group) return true;
  return combine(group.logicalOperator, group.filters, (f) => contactFilterHolds(f, contact));
}

/** The segment ids a contact filter group names (the engine loads only those memberships). */
export function segmentIdsNamed(filters: { field: string; value?: unknown; type?: string }[]): string[] {
  return [...new Set(filters.filter((f) => f.field === "segmentID" && (f.type ?? "contact") === "contact").map((f) => String(f.value)))];
}
