// The filter language in a marketer's words: what each contact property, operator, unit and stage is
// called in the segment builder, and a sentence for a whole filter. Names come from lib/segments
// (type-only imports and plain data: nothing server-side reaches the browser).
import type { InputKind } from "@/components/ui/messages";
import type { ContactProperty, LifecycleStage, OperatorKind, Unit } from "@/lib/segments/vocabulary";

export const PROPERTY_GROUPS: { label: string; properties: { value: ContactProperty; label: string }[] }[] = [
  {
    label: "Subscription",
    properties: [
      { value: "subscriptionStatus", label: "Subscription status" },
      { value: "consent", label: "Consent given on" },
      { value: "email", label: "Email address" },
      { value: "phoneNumber", label: "Phone number" },
    ],
  },
  {
    label: "Profile",
    properties: [
      { value: "tags", label: "Tags" },
      { value: "firstName", label: "First name" },
      { value: "lastName", label: "Last name" },
      { value: "gender", label: "Gender" },
      { value: "birthday", label: "Birthday" },
      { value: "custom", label: "Custom property" },
    ],
  },
  {
    label: "Location",
    properties: [
      { value: "country", label: "Country (name or code)" },
      { value: "countryCode", label: "Country code" },
      { value: "state", label: "State or region" },
      { value: "city", label: "City" },
      { value: "address", label: "Street address" },
      { value: "postalCode", label: "Postal code" },
      { value: "lastDetectedCity", label: "Last detected city" },
      { value: "lastDetectedCountry", label: "Last detected country" },
    ],
  },
  {
    label: "Shopping",
    properties: [
      { value: "customerLifecycleStage", label: "Customer lifecycle stage" },
      { value: "totalSpent", label: "Total spent" },
      { value: "averageOrderValue", label: "Average order value" },
    ],
  },
  {
    label: "Dates",
    properties: [
      { value: "dateAdded", label: "Date added" },
      { value: "dateUpdated", label: "Last updated" },
    ],
  },
];

export const PROPERTY_LABEL = Object.fromEntries(PROPERTY_GROUPS.flatMap((g) => g.properties.map((p) => [p.value, p.label]))) as Record<
  ContactProperty,
  string
>;

export type WordsKind = OperatorKind | "birthday";

const TEXT: Record<string, string> = {
  equals: "is",
  notEquals: "is not",
  anyOf: "is any of",
  noneOf: "is none of",
  contains: "contains",
  doesNotContain: "does not contain",
  startsWith: "starts with",
  endsWith: "ends with",
  exists: "is set",
  doesNotExist: "is not set",
};

export const OPERATOR_WORDS: Record<WordsKind, Record<string, string>> = {
  text: TEXT,
  number: {
    equals: "is",
    notEquals: "is not",
    moreThan: "is more than",
    lessThan: "is less than",
    moreThanOrEquals: "is at least",
    lessThanOrEquals: "is at most",
    between: "is between",
    exists: "is known",
    doesNotExist: "is not known",
  },
  bool: { equals: "is", notEquals: "is not", exists: "is set", doesNotExist: "is not set" },
  date: {
    inTheLast: "is in the last",
    notInTheLast: "is not in the last",
    inTheNext: "is in the next",
    equals: "is on",
    before: "is before",
    after: "is after",
    between: "is between",
    exists: "is set",
    doesNotExist: "is not set",
  },
  birthday: {
    anniversaryIsInTheNext: "comes up in the next",
    anniversaryIsToday: "is today",
    equals: "is on",
    before: "is before",
    after: "is after",
    between: "is between",
    inTheLast: "was in the last",
    notInTheLast: "was not in the last",
    inTheNext: "is in the next",
    exists: "is set",
    doesNotExist: "is not set",
  },
  anniversary: { anniversaryIsInTheNext: "comes up in the next", anniversaryIsToday: "is today" },
  list: {
    anyOf: "include any of",
    noneOf: "include none of",
    allOf: "include all of",
    exists: "are set (any)",
    doesNotExist: "are not set (none)",
  },
  stage: {
    anyOf: "is any of",
    noneOf: "is none of",
    equals: "is",
    notEquals: "is not",
    exists: "is known (has ordered in a year)",
    doesNotExist: "is not known",
  },
  status: { equals: "is", notEquals: "is not" },
};

export const UNIT_WORDS: Record<Unit, string> = { days: "days", weeks: "weeks", months: "months", years: "years" };

export const STAGE_WORDS: Record<LifecycleStage, string> = {
  champions: "Champions",
  loyalists: "Loyalists",
  recentCustomers: "Recent customers",
  highPotential: "High potential",
  needNurturing: "Need nurturing",
  cantLose: "Can't lose",
  atRisk: "At risk",
  aboutToLose: "About to lose",
};

export const STATUS_WORDS = { subscribed: "subscribed", unsubscribed: "unsubscribed", nonSubscribed: "not subscribed" } as const;
export const CHANNEL_WORDS = { email: "Email", sms: "SMS", browserPush: "Browser push" } as const;
export const VALUE_TYPE_WORDS = { text: "Text", number: "Number", bool: "Yes / no", date: "Date" } as const;

export const PERIOD_WORDS: Record<string, string> = {
  any: "at any time",
  inTheLast: "in the last",
  notInTheLast: "not in the last",
  equals: "on",
  before: "before",
  after: "after",
  between: "between",
};

/** Operators that take no value. */
export const NO_VALUE = new Set(["exists", "doesNotExist", "anniversaryIsToday"]);
/** Operators that take a number of units. */
export const RELATIVE = new Set(["inTheLast", "notInTheLast", "inTheNext", "anniversaryIsInTheNext"]);

/** How the form names an input, and what it takes (for the wording of its errors). */
export type Words = { label: string; input?: InputKind };

/** The label and input of a value field, as FilterValues shows them (one place for both). */
export function valueField(kind: WordsKind, operator: string, field: "value" | "valueFrom" | "valueTo" | "unit", noun = "value"): Words {
  if (field === "unit") return { label: "Unit", input: "choice" };
  const dateLike = kind === "date" || kind === "birthday";
  if (RELATIVE.has(operator)) return { label: "How many", input: "wholeNumber" };
  if (operator === "between") {
    const input = kind === "number" ? "number" : "date";
    return field === "valueFrom" ? { label: "From", input } : { label: dateLike ? "To (included)" : "To", input };
  }
  if (NO_VALUE.has(operator)) return { label: "Value" };
  switch (kind) {
    case "number":
      return { label: "Amount", input: "number" };
    case "date":
    case "birthday":
      return { label: "Date", input: "date" };
    case "bool":
      return { label: "Value", input: "choice" };
    default:
      return { label: `${noun[0].toUpperCase()}${noun.slice(1)}` };
  }
}

/** The noun of a contact filter's list values, as its chips input names them. */
export function listNoun(property: string): string {
  return property === "tags" ? "tag" : property === "customerLifecycleStage" ? "stage" : property === "consent" ? "channel" : "value";
}
