// The segment builder's state: condition groups as form drafts (strings, as inputs hold them), edited
// through a pure reducer, and serialized to the API's format (lib/segments/conditions.ts): groups OR-ed,
// conditions inside a group AND-ed. Order is kept 1:1, so an API error pointer
// /conditionGroups/g/conditions/c/... names draft group g, condition c.

import type { z } from "zod";
import type { ProfileField } from "@/lib/contacts/profile-fields";
import type { Condition, ConditionGroup } from "@/lib/segments/conditions";

/** The API's condition (the input side: `atLeast` may be left to its default); type-only, from lib/segments. */
export type ApiCondition = z.input<typeof Condition>;
export type ApiConditionGroup = z.input<typeof ConditionGroup>;
export type ConditionType = ApiCondition["type"];
type Of<T extends ConditionType> = Extract<ApiCondition, { type: T }>;
type Status = Of<"status">["value"];
type CustomOperator = Of<"customProperty">["operator"];
type CustomValue = NonNullable<Of<"customProperty">["value"]>;

/** Operators per condition type, with the words a marketer reads. */
export const OPERATORS: Record<ConditionType, { value: string; label: string }[]> = {
  status: [{ value: "is", label: "is" }, { value: "isNot", label: "is not" }],
  tag: [{ value: "has", label: "has tag" }, { value: "hasNot", label: "does not have tag" }],
  profile: [
    { value: "equals", label: "equals" }, { value: "notEquals", label: "does not equal" }, { value: "contains", label: "contains" },
    { value: "exists", label: "is set" }, { value: "notExists", label: "is not set" },
  ],
  customProperty: [
    { value: "equals", label: "equals" }, { value: "notEquals", label: "does not equal" }, { value: "contains", label: "contains" },
    { value: "gt", label: ">" }, { value: "gte", label: "≥" }, { value: "lt", label: "<" }, { value: "lte", label: "≤" },
    { value: "exists", label: "is set" }, { value: "notExists", label: "is not set" },
  ],
  date: [{ value: "before", label: "before" }, { value: "after", label: "after" }, { value: "withinLastDays", label: "within the last (days)" }],
  event: [{ value: "did", label: "performed" }, { value: "didNot", label: "did not perform" }],
};

export const CONDITION_TYPES: { value: ConditionType; label: string }[] = [
  { value: "event", label: "Event" },
  { value: "status", label: "Channel status" },
  { value: "tag", label: "Tag" },
  { value: "profile", label: "Profile field" },
  { value: "customProperty", label: "Custom property" },
  { value: "date", label: "Created / updated date" },
];

/** One condition as the form holds it; which fields matter depends on `type`. */
export type DraftCondition = {
  key: string;
  type: ConditionType;
  operator: string;
  /** status: channel; profile and date: the contact field; customProperty: the property key */
  field: string;
  value: string;
  /** customProperty: how `value` is sent */
  valueType: "string" | "number" | "boolean";
  eventName: string;
  atLeast: string;
  withinLastDays: string;
};
export type DraftGroup = { key: string; conditions: DraftCondition[] };
export type BuilderState = { groups: DraftGroup[]; nextKey: number };

const DEFAULTS: Record<ConditionType, Pick<DraftCondition, "operator" | "field" | "value">> = {
  status: { operator: "is", field: "email", value: "subscribed" },
  tag: { operator: "has", field: "", value: "" },
  profile: { operator: "equals", field: "firstName", value: "" },
  customProperty: { operator: "equals", field: "", value: "" },
  date: { operator: "withinLastDays", field: "createdAt", value: "30" },
  event: { operator: "did", field: "", value: "" },
};

function draft(key: string, type: ConditionType): DraftCondition {
  return { key, type, ...DEFAULTS[type], valueType: "string", eventName: "", atLeast: "1", withinLastDays: "" };
}

export type BuilderAction =
  | { type: "addGroup"; conditionType?: ConditionType }
  | { type: "removeGroup"; group: string }
  | { type: "addCondition"; group: string; conditionType?: ConditionType }
  | { type: "removeCondition"; group: string; condition: string }
  | { type: "changeConditionType"; group: string; condition: string; conditionType: ConditionType }
  | { type: "updateCondition"; group: string; condition: string; patch: Partial<Omit<DraftCondition, "key" | "type">> }
  | { type: "reset"; groups: ApiConditionGroup[] };

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  const key = (n: number) => `k${n}`;
  const mapGroup = (id: string, fn: (g: DraftGroup) => DraftGroup | null) => ({
    ...state,
    groups: state.groups.flatMap((g) => (g.key === id ? [fn(g)].filter((x): x is DraftGroup => x !== null) : [g])),
  });
  switch (action.type) {
    case "addGroup":
      return {
        groups: [...state.groups, { key: key(state.nextKey), conditions: [draft(key(state.nextKey + 1), action.conditionType ?? "event")] }],
        nextKey: state.nextKey + 2,
      };
    case "removeGroup":
      return mapGroup(action.group, () => null);
    case "addCondition":
      return {
        ...mapGroup(action.group, (g) => ({ ...g, conditions: [...g.conditions, draft(key(state.nextKey), action.conditionType ?? "event")] })),
        nextKey: state.nextKey + 1,
      };
    case "removeCondition":
      // A group without conditions means nothing to the API, so it goes with its last condition.
      return mapGroup(action.group, (g) => {
        const conditions = g.conditions.filter((c) => c.key !== action.condition);
        return conditions.length ? { ...g, conditions } : null;
      });
    case "changeConditionType":
      return mapGroup(action.group, (g) => ({
        ...g,
        conditions: g.conditions.map((c) => (c.key === action.condition ? draft(c.key, action.conditionType) : c)),
      }));
    case "updateCondition":
      return mapGroup(action.group, (g) => ({
        ...g,
        conditions: g.conditions.map((c) => (c.key === action.condition ? { ...c, ...action.patch } : c)),
      }));
    case "reset":
      return fromApi(action.groups);
  }
}

export const emptyBuilder = (): BuilderState => ({ groups: [], nextKey: 0 });

/** Drafts from stored condition groups (editing a saved segment). */
export function fromApi(groups: ApiConditionGroup[]): BuilderState {
  let n = 0;
  const next = () => `k${n++}`;
  const result = groups.map((group) => ({
    key: next(),
    conditions: group.conditions.map((condition): DraftCondition => {
      const base = draft(next(), condition.type);
      switch (condition.type) {
        case "status":
          return { ...base, operator: condition.operator, field: condition.channel, value: condition.value };
        case "tag":
          return { ...base, operator: condition.operator, value: condition.value };
        case "profile":
          return { ...base, operator: condition.operator, field: condition.field, value: condition.value ?? "" };
        case "customProperty": {
          const valueType = typeof condition.value === "number" ? "number" : typeof condition.value === "boolean" ? "boolean" : "string";
          return { ...base, operator: condition.operator, field: condition.key, value: condition.value === undefined ? "" : String(condition.value), valueType };
        }
        case "date":
          return { ...base, operator: condition.operator, field: condition.field, value: typeof condition.value === "number" ? String(condition.value) : toLocalInput(condition.value) };
        case "event":
          return { ...base, operator: condition.operator, eventName: condition.eventName, atLeast: String(condition.atLeast ?? 1), withinLastDays: condition.withinLastDays ? String(condition.withinLastDays) : "" };
      }
    }),
  }));
  return { groups: result, nextKey: n };
}

/** The API's conditionGroups for the drafts. Text that is not a number where one is needed is sent as
 * the text, so the API's field error (not a silent guess) tells the person what to fix. */
export function toApi(state: BuilderState): ApiConditionGroup[] {
  return state.groups.map((group) => ({ conditions: group.conditions.map(conditionToApi) }));
}

const NO_VALUE = new Set(["exists", "notExists"]);

function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return trimmed !== "" && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

function conditionToApi(c: DraftCondition): ApiCondition {
  switch (c.type) {
    case "status":
      return { type: "status", channel: c.field as "email" | "sms", operator: c.operator as "is" | "isNot", value: c.value as Status };
    case "tag":
      return { type: "tag", operator: c.operator as "has" | "hasNot", value: c.value.trim() };
    case "profile":
      return {
        type: "profile",
        field: c.field as ProfileField,
        operator: c.operator as "equals",
        ...(NO_VALUE.has(c.operator) ? {} : { value: c.value }),
      };
    case "customProperty": {
      const value: CustomValue = c.valueType === "number" ? (numberOrText(c.value) as number) : c.valueType === "boolean" ? c.value === "true" : c.value;
      return { type: "customProperty", key: c.field.trim(), operator: c.operator as CustomOperator, ...(NO_VALUE.has(c.operator) ? {} : { value }) };
    }
    case "date":
      return {
        type: "date",
        field: c.field as "createdAt" | "updatedAt",
        operator: c.operator as "before",
        value: c.operator === "withinLastDays" ? numberOrText(c.value) : fromLocalInput(c.value),
      };
    case "event":
      return {
        type: "event",
        eventName: c.eventName.trim(),
        operator: c.operator as "did" | "didNot",
        atLeast: numberOrText(c.atLeast || "1") as number,
        ...(c.withinLastDays.trim() ? { withinLastDays: numberOrText(c.withinLastDays) as number } : {}),
      };
  }
}

/** Why the drafts cannot be counted yet, or null when every condition is filled in. */
export function incompleteReason(state: BuilderState): string | null {
  if (state.groups.length === 0) return "Add a condition to see how many contacts match.";
  for (const group of state.groups) {
    for (const c of group.conditions) {
      const needsValue = !NO_VALUE.has(c.operator) && c.type !== "status" && c.type !== "event";
      if (c.type === "event" && !c.eventName.trim()) return "Choose an event name to see a count.";
      if (c.type === "customProperty" && !c.field.trim()) return "Enter a property key to see a count.";
      if (needsValue && c.value.trim() === "" && !(c.type === "customProperty" && c.valueType === "boolean")) return "Fill in every value to see a count.";
    }
  }
  return null;
}

/** `YYYY-MM-DDTHH:mm` (a datetime-local input, the person's time zone) to RFC 3339, and back. */
export function fromLocalInput(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Maps an API error pointer to the draft it names: [group key, condition key, draft field]. */
export function locatePointer(state: BuilderState, pointer: string): { group: string; condition?: string; field?: string } | null {
  const match = /^\/conditionGroups\/(\d+)(?:\/conditions\/(\d+)(?:\/([^/]+))?)?/.exec(pointer);
  if (!match) return null;
  const group = state.groups[Number(match[1])];
  if (!group) return null;
  const condition = match[2] !== undefined ? group.conditions[Number(match[2])] : undefined;
  if (!condition) return { group: group.key };
  const apiField = match[3];
  // The API's names for the fields the draft keeps under `field`.
  const field = apiField === "channel" || apiField === "key" ? "field" : apiField;
  return { group: group.key, condition: condition.key, field };
}
