// The segment filter language of the published API (Omnisend 2026-03-15, segments document): groups are
// OR-ed, the conditions inside a group AND-ed, and each condition is `{entity, junction, filters}`, its
// filters joined by the junction. A contact filter names a contact property and an operator; an event
// filter counts the contact's events of a name (origin, period, property sub-filters). One zod schema is
// the validator, the type and the OpenAPI description; lib/segments/segment-sql.ts translates it into SQL.
// Our extras, where the published language had nothing to hold what segments built before it meant:
// the contact properties `countryCode` and `dateUpdated`, and full RFC 3339 times where a date is taken.
import { z } from "zod";
import { ContactStatus, CustomPropertyKey } from "@/lib/contacts/schemas";

import {
  CONTACT_PROPERTIES,
  CONSENT_CHANNELS,
  JUNCTIONS,
  LIFECYCLE_STAGES,
  OPERATORS,
  SUBSCRIPTION_CHANNELS,
  UNITS,
  VALUE_TYPES,
  contactFilterKind,
  isDateValue,
  propertyFilterKind,
  type OperatorKind,
} from "./vocabulary";

export * from "./vocabulary";

const MAX_VALUES = 100;
const TextValue = z.string().max(500);
const Scalar = z.union([TextValue, z.number().finite(), z.boolean()]);
const FilterValue = z.union([Scalar, z.array(z.union([TextValue, z.number().finite()])).max(MAX_VALUES)]).meta({
  description:
    "Text operators take a string or a list of strings (any of them); numbers a number; bool a boolean; date operators a date (YYYY-MM-DD, or an RFC 3339 time) or, with `unit`, a whole number",
});
const RangeEnd = z
  .union([z.number().finite(), z.string().max(40)])
  .meta({ description: "between: a number, or a date (YYYY-MM-DD or RFC 3339); both ends included" });

const valueFields = {
  value: FilterValue.optional(),
  valueFrom: RangeEnd.optional(),
  valueTo: RangeEnd.optional(),
  unit: z.enum(UNITS).optional().meta({ description: "With inTheLast, notInTheLast, inTheNext and anniversaryIsInTheNext (default days)" }),
};

type Issue = { path: (string | number)[]; message: string; code: string };
type Checked = { operator: string; value?: unknown; valueFrom?: unknown; valueTo?: unknown; unit?: unknown };

const textList = (v: unknown): v is string | string[] =>
  typeof v === "string" || (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string"));

/** What is wrong with a filter's operator and values for a kind of value (empty when nothing). */
export function operatorIssues(kind: OperatorKind | "birthday", f: Checked, allowed?: readonly string[]): Issue[] {
  const ops: readonly string[] = allowed ?? (kind === "birthday" ? [...OPERATORS.date, ...OPERATORS.anniversary] : OPERATORS[kind]);
  if (!ops.includes(f.operator)) {
    return [
      { path: ["operator"], code: "invalid_value", message: `"${f.operator}" is not an operator here; use one of ${ops.join(", ")}` },
    ];
  }
  const issues: Issue[] = [];
  const bad = (field: string, message: string) =>
    issues.push({ path: [field], code: field === "value" && f.value === undefined ? "required" : "invalid_value", message });
  const op = f.operator;
  const noValue = op === "exists" || op === "doesNotExist" || op === "anniversaryIsToday";
  if (noValue) {
    for (const field of ["value", "valueFrom", "valueTo"] as const) if (f[field] !== undefined) bad(field, `is not used with ${op}`);
    return issues;
  }
  if (op === "between") {
    const isEnd = kind === "number" ? (v: unknown) => typeof v === "number" : isDateValue;
    const what = kind === "number" ? "a number" : "a date (YYYY-MM-DD)";
    if (!isEnd(f.valueFrom)) bad("valueFrom", `must be ${what} for between`);
    if (!isEnd(f.valueTo)) bad("valueTo", `must be ${what} for between`);
    if (f.value !== undefined) bad("value", "between takes valueFrom and valueTo, not value");
    if (
      issues.length === 0 &&
      ((kind === "number" && (f.valueFrom as number) > (f.valueTo as number)) ||
        (kind !== "number" && String(f.valueFrom) > String(f.valueTo)))
    ) {
      bad("valueTo", "must not be before valueFrom");
    }
    return issues;
  }
  if (f.valueFrom !== undefined) bad("valueFrom", `is only used with between`);
  if (f.valueTo !== undefined) bad("valueTo", `is only used with between`);
  const relative = op === "inTheLast" || op === "notInTheLast" || op === "inTheNext" || op === "anniversaryIsInTheNext";
  if (relative) {
    if (typeof f.value !== "number" || !Number.isInteger(f.value) || f.value < 1 || f.value > 100_000)
      bad("value", `must be a whole number of ${String(f.unit ?? "days")} (1 or more) for ${op}`);
    return issues;
  }
  if (f.unit !== undefined) bad("unit", `is only used with inTheLast, notInTheLast, inTheNext and anniversaryIsInTheNext`);
  switch (kind) {
    case "text":
    case "list":
    case "stage":
      if (!textList(f.value)) bad("value", `must be a string or a non-empty list of strings for ${op}`);
      break;
    case "number":
      if (typeof f.value !== "number") bad("value", `must be a number for ${op}`);
      break;
    case "bool":
      if (typeof f.value !== "boolean") bad("value", `must be true or false for ${op}`);
      break;
    case "date":
    case "birthday":
      if (!isDateValue(f.value)) bad("value", `must be a date (YYYY-MM-DD) or an RFC 3339 time for ${op}`);
      break;
    case "status":
      if (!ContactStatus.safeParse(f.value).success) bad("value", "must be subscribed, unsubscribed or nonSubscribed");
      break;
    case "anniversary":
      break;
  }
  return issues;
}

function report(ctx: z.RefinementCtx, issues: Issue[]) {
  for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message, params: { code: issue.code } });
}

export const ContactFilter = z
  .strictObject({
    property: z.enum(CONTACT_PROPERTIES).meta({
      description:
        "Text: email, phoneNumber, firstName, lastName, gender, country (name or code), countryCode, state, city, address, postalCode, lastDetectedCity, lastDetectedCountry, customerLifecycleStage; list: tags, consent, subscriptionTopics (Inkwell extra: ids of the subscription topics the contact is subscribed to); number: averageOrderValue, totalSpent; date: dateAdded, dateUpdated; subscriptionStatus; birthday (valueType date or text); custom (name and valueType)",
    }),
    operator: z.string().min(1).max(40),
    ...valueFields,
    valueType: z
      .enum(VALUE_TYPES)
      .optional()
      .meta({ description: "birthday: date or text; custom: text, number, bool or date (required)" }),
    name: CustomPropertyKey.optional().meta({ description: "custom: the custom property's key" }),
    channels: z
      .array(z.enum(SUBSCRIPTION_CHANNELS))
      .min(1)
      .max(3)
      .optional()
      .meta({ description: "subscriptionStatus: the channels that must all have the status" }),
  })
  .superRefine((f, ctx) => {
    if (f.property === "custom") {
      if (!f.name)
        ctx.addIssue({ code: "custom", path: ["name"], message: "is required for custom properties", params: { code: "required" } });
      if (!f.valueType)
        ctx.addIssue({
          code: "custom",
          path: ["valueType"],
          message: "is required for custom properties (text, number, bool or date)",
          params: { code: "required" },
        });
    } else if (f.name !== undefined) {
      ctx.addIssue({ code: "custom", path: ["name"], message: "is only used with property custom", params: { code: "not_allowed" } });
    }
    if (f.property === "birthday" && f.valueType && f.valueType !== "date" && f.valueType !== "text") {
      ctx.addIssue({
        code: "custom",
        path: ["valueType"],
        message: "must be date or text for birthday",
        params: { code: "invalid_value" },
      });
    } else if (f.valueType && f.property !== "birthday" && f.property !== "custom") {
      ctx.addIssue({
        code: "custom",
        path: ["valueType"],
        message: "is only used with birthday and custom",
        params: { code: "not_allowed" },
      });
    }
    if (f.property === "subscriptionStatus") {
      if (!f.channels)
        ctx.addIssue({
          code: "custom",
          path: ["channels"],
          message: "is required for subscriptionStatus (email, sms, browserPush)",
          params: { code: "required" },
        });
    } else if (f.channels !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["channels"],
        message: "is only used with subscriptionStatus",
        params: { code: "not_allowed" },
      });
    }
    if (f.property === "custom" && !f.valueType) return;
    const kind = contactFilterKind(f);
    const issues = operatorIssues(kind, f);
    if (issues.length === 0 && Array.isArray(f.value)) {
      const allowed = f.property === "consent" ? CONSENT_CHANNELS : f.property === "customerLifecycleStage" ? LIFECYCLE_STAGES : null;
      f.value.forEach((v, i) => {
        if (allowed && !(allowed as readonly unknown[]).includes(v))
          issues.push({ path: ["value", i], code: "invalid_value", message: `"${String(v)}" is not one of ${allowed.join(", ")}` });
      });
    } else if (
      issues.length === 0 &&
      typeof f.value === "string" &&
      f.property === "customerLifecycleStage" &&
      !(LIFECYCLE_STAGES as readonly string[]).includes(f.value)
    ) {
      issues.push({ path: ["value"], code: "invalid_value", message: `"${f.value}" is not one of ${LIFECYCLE_STAGES.join(", ")}` });
    }
    report(ctx, issues);
  })
  .meta({ id: "SegmentContactFilter", description: "A contact property compared by an operator" });
export type ContactFilter = z.infer<typeof ContactFilter>;

/** A property path of an event's properties: keys joined by dots, `[]` for any element of an array. */
export const PropertyPath = z
  .string()
  .min(1)
  .max(300)
  .refine((path) => path.split(".").every((key) => key === "[]" || /^[^'"\\\x00-\x1f[\]]+$/.test(key)), {
    message: "must be property keys joined by dots, with [] for any element of an array (keys without quotes, backslashes or brackets)",
    params: { code: "invalid_format" },
  })
  .refine((path) => !path.startsWith("[]"), { message: "must start with a property key", params: { code: "invalid_format" } });

export const PropertyFilter = z
  .strictObject({
    property: PropertyPath.meta({ description: "e.g. value, lineItems.[].productID" }),
    operator: z.string().min(1).max(40),
    ...valueFields,
    valueType: z.enum(VALUE_TYPES).optional().meta({
      description: "Required for custom events whose property type is not declared; recommended and declared properties have theirs",
    }),
  })
  .superRefine((f, ctx) => report(ctx, operatorIssues(propertyFilterKind(f), f)))
  .meta({ id: "SegmentPropertyFilter", description: "A condition on a property of the counted events" });
export type PropertyFilter = z.infer<typeof PropertyFilter>;

export const Period = z
  .strictObject({
    operator: z.enum(["inTheLast", "notInTheLast", "equals", "before", "after", "between"]),
    ...valueFields,
  })
  .superRefine((p, ctx) => report(ctx, operatorIssues("date", p)))
  .meta({
    id: "SegmentPeriod",
    description:
      "When the counted events happened: inTheLast / notInTheLast N units, on (equals), before, after (exclusive) a date, or between two dates (inclusive)",
  });
export type Period = z.infer<typeof Period>;

export const EventFilter = z
  .strictObject({
    name: z.string().min(1).max(200).meta({ description: "Event name (case-sensitive)" }),
    operator: z.enum(["has", "hasNot"]),
    count: z.enum(["atLeast", "equals"]),
    value: z.number().int().min(0).max(1_000_000).meta({ description: "How many times" }),
    origin: z.string().min(1).max(100).optional().meta({ description: "Needed only when the event arrives from more than one origin" }),
    period: Period.optional(),
    filters: z.array(PropertyFilter).max(20).optional(),
    junction: z.enum(JUNCTIONS).optional().meta({ description: "How `filters` combine (default and)" }),
  })
  .meta({ id: "SegmentEventFilter", description: "The contact has (hasNot) at least / exactly `value` events of this name" });
export type EventFilter = z.infer<typeof EventFilter>;

const conditionFields = {
  junction: z.enum(JUNCTIONS).default("and").meta({ description: "How the filters combine" }),
};

const ContactCondition = z
  .strictObject({ entity: z.literal("contact"), ...conditionFields, filters: z.array(ContactFilter).min(1).max(50) })
  .meta({ id: "SegmentContactCondition" });
const EventCondition = z
  .strictObject({ entity: z.literal("event"), ...conditionFields, filters: z.array(EventFilter).min(1).max(50) })
  .meta({ id: "SegmentEventCondition" });

export const Condition = z
  .discriminatedUnion("entity", [ContactCondition, EventCondition])
  .meta({ id: "SegmentCondition", description: "Filters on one entity (contact or event), joined by the junction" });
export type Condition = z.infer<typeof Condition>;

export const ConditionGroup = z
  .strictObject({ conditions: z.array(Condition).min(1).max(20) })
  .meta({ id: "SegmentConditionGroup", description: "Conditions inside a group are AND-ed" });
export type ConditionGroup = z.infer<typeof ConditionGroup>;

export const ConditionGroups = z.array(ConditionGroup).min(1).max(20).meta({ description: "Groups are OR-ed" });
export type ConditionGroups = z.infer<typeof ConditionGroups>;
