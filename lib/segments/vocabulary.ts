// The filter language's vocabulary as plain data, with no imports, so the segment builder in the browser
// uses the very lists the API validates with (lib/segments/conditions.ts builds its zod schemas on them).

export const JUNCTIONS = ["and", "or"] as const;
export const UNITS = ["days", "weeks", "months", "years"] as const;
export type Unit = (typeof UNITS)[number];
export const VALUE_TYPES = ["text", "number", "bool", "date"] as const;
export type ValueType = (typeof VALUE_TYPES)[number];
export const SUBSCRIPTION_CHANNELS = ["email", "sms", "browserPush"] as const;
export const CONSENT_CHANNELS = ["email", "sms"] as const;
export const LIFECYCLE_STAGES = [
  "champions",
  "loyalists",
  "recentCustomers",
  "highPotential",
  "needNurturing",
  "cantLose",
  "atRisk",
  "aboutToLose",
] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

/** Operators per kind of value. Negative operators match contacts the positive one does not. */
export const OPERATORS = {
  text: ["equals", "notEquals", "anyOf", "noneOf", "contains", "doesNotContain", "startsWith", "endsWith", "exists", "doesNotExist"],
  number: ["equals", "notEquals", "moreThan", "lessThan", "moreThanOrEquals", "lessThanOrEquals", "between", "exists", "doesNotExist"],
  bool: ["equals", "notEquals", "exists", "doesNotExist"],
  date: ["equals", "before", "after", "between", "inTheLast", "notInTheLast", "inTheNext", "exists", "doesNotExist"],
  anniversary: ["anniversaryIsInTheNext", "anniversaryIsToday"],
  list: ["anyOf", "noneOf", "allOf", "exists", "doesNotExist"],
  stage: ["equals", "notEquals", "anyOf", "noneOf", "exists", "doesNotExist"],
  status: ["equals", "notEquals"],
} as const;
export type OperatorKind = keyof typeof OPERATORS;

/** Contact properties by the kind of value they hold (published list, plus countryCode and dateUpdated). */
export const CONTACT_PROPERTY_KINDS = {
  email: "text",
  phoneNumber: "text",
  firstName: "text",
  lastName: "text",
  gender: "text",
  country: "text",
  countryCode: "text",
  state: "text",
  city: "text",
  address: "text",
  postalCode: "text",
  lastDetectedCity: "text",
  lastDetectedCountry: "text",
  customerLifecycleStage: "stage",
  tags: "list",
  consent: "list",
  /** Inkwell extra: the subscription topics (ids) the contact is subscribed to (lib/topics) */
  subscriptionTopics: "list",
  averageOrderValue: "number",
  totalSpent: "number",
  dateAdded: "date",
  dateUpdated: "date",
  subscriptionStatus: "status",
  birthday: "variadic",
  custom: "variadic",
} as const;
export type ContactProperty = keyof typeof CONTACT_PROPERTY_KINDS;
export const CONTACT_PROPERTIES = Object.keys(CONTACT_PROPERTY_KINDS) as [ContactProperty, ...ContactProperty[]];

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date (YYYY-MM-DD) that exists, or an RFC 3339 time. */
export function isDateValue(value: unknown): value is string {
  if (typeof value !== "string") return false;
  if (DATE.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
  }
  return RFC3339.test(value) && !Number.isNaN(Date.parse(value));
}

const TEXT_ONLY = new Set(["notEquals", "anyOf", "noneOf", "contains", "doesNotContain", "startsWith", "endsWith"]);

/** The kind of value a filter compares: its property's kind, or (birthday, custom) its valueType. */
export function contactFilterKind(f: { property: ContactProperty; valueType?: ValueType; operator: string }): OperatorKind | "birthday" {
  const kind = CONTACT_PROPERTY_KINDS[f.property];
  if (f.property === "birthday") {
    // Without a valueType, a text-only operator says the birth date is compared as text ("-05-").
    return f.valueType === "text" || (!f.valueType && TEXT_ONLY.has(f.operator)) ? "text" : "birthday";
  }
  if (kind === "variadic") return f.valueType ?? "text";
  return kind;
}

/** The kind of an event property sub-filter: its valueType, else what its operator and value say. */
export function propertyFilterKind(f: { valueType?: ValueType; operator: string; value?: unknown; valueFrom?: unknown }): OperatorKind {
  if (f.valueType) return f.valueType;
  if (["inTheLast", "notInTheLast", "inTheNext", "before", "after"].includes(f.operator)) return "date";
  const sample = Array.isArray(f.value) ? f.value[0] : (f.value ?? f.valueFrom);
  if (typeof sample === "number") return "number";
  if (typeof sample === "boolean") return "bool";
  if (f.operator === "between" && isDateValue(f.valueFrom)) return "date";
  return "text";
}

/** Text profile fields whose common values the segment builder suggests (GET /api/segments/suggestions). */
export const PROFILE_SUGGESTION_FIELDS = [
  "firstName",
  "lastName",
  "city",
  "state",
  "country",
  "countryCode",
  "postalCode",
  "lastDetectedCity",
  "lastDetectedCountry",
] as const;
export type ProfileSuggestionField = (typeof PROFILE_SUGGESTION_FIELDS)[number];
