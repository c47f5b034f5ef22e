// The segment builder's state: the published condition model (groups OR-ed; conditions AND-ed; each
// condition a contact or event entity whose filters its junction joins) as form drafts (strings, as inputs
// hold them), edited through a pure reducer and serialized to the API's format. Order is kept 1:1, so an
// API error pointer /conditionGroups/g/conditions/c/filters/f/... names the draft it is about.
import type { z } from "zod";
import type { Condition as ConditionSchema, ConditionGroup } from "@/lib/segments/conditions";
import {
  OPERATORS,
  contactFilterKind,
  propertyFilterKind,
  type ContactProperty,
  type OperatorKind,
  type Unit,
  type ValueType,
} from "@/lib/segments/vocabulary";
import { NO_VALUE, RELATIVE } from "./filter-words";

/** The API's shapes (input side), type-only from lib/segments. */
export type ApiConditionGroup = z.input<typeof ConditionGroup>;
export type ApiCondition = z.input<typeof ConditionSchema>;
type ApiContactFilter = Extract<ApiCondition, { entity: "contact" }>["filters"][number];
type ApiEventFilter = Extract<ApiCondition, { entity: "event" }>["filters"][number];
type ApiPropertyFilter = NonNullable<ApiEventFilter["filters"]>[number];

export type Entity = "contact" | "event";
export type Junction = "and" | "or";
export type Channel = "email" | "sms" | "browserPush";

/** Every value a filter may take, as inputs hold it; which ones are sent depends on kind and operator. */
export type DraftValues = {
  /** one value (number, date, status, yes/no), or text being typed before it becomes a chip */
  value: string;
  /** list values (text, tags, stages, consent channels) */
  values: string[];
  valueFrom: string;
  valueTo: string;
  unit: Unit;
};
export type DraftContactFilter = DraftValues & {
  key: string;
  property: ContactProperty;
  operator: string;
  valueType: ValueType | "";
  name: string;
  channels: Channel[];
};
export type DraftPropertyFilter = DraftValues & { key: string; property: string; operator: string; valueType: ValueType | "" };
export type PeriodOperator = "any" | "inTheLast" | "notInTheLast" | "equals" | "before" | "after" | "between";
export type DraftEventFilter = {
  key: string;
  name: string;
  origin: string;
  operator: "has" | "hasNot";
  count: "atLeast" | "equals";
  value: string;
  period: DraftValues & { operator: PeriodOperator };
  junction: Junction;
  filters: DraftPropertyFilter[];
};
export type DraftCondition =
  | { key: string; entity: "contact"; junction: Junction; filters: DraftContactFilter[] }
  | { key: string; entity: "event"; junction: Junction; filters: DraftEventFilter[] };
export type DraftGroup = { key: string; conditions: DraftCondition[] };
export type BuilderState = { groups: DraftGroup[]; nextKey: number };

const blankValues = (): DraftValues => ({ value: "", values: [], valueFrom: "", valueTo: "", unit: "days" });

/** The kind of value a draft filter compares (decides its operators and inputs). */
export function kindOf(filter: DraftContactFilter | DraftPropertyFilter): OperatorKind | "birthday" {
  if ("channels" in filter)
    return contactFilterKind({ property: filter.property, valueType: filter.valueType || undefined, operator: filter.operator });
  return filter.valueType || propertyFilterKind({ operator: filter.operator });
}

/** Operators a draft filter offers. */
export function operatorsOf(filter: DraftContactFilter | DraftPropertyFilter): readonly string[] {
  const kind = kindOf(filter);
  if ("channels" in filter && filter.property === "birthday" && kind !== "text") return [...OPERATORS.anniversary, ...OPERATORS.date];
  return kind === "birthday" ? [...OPERATORS.anniversary, ...OPERATORS.date] : OPERATORS[kind];
}

const FIRST_OPERATOR: Partial<Record<ContactProperty, string>> = {
  subscriptionStatus: "equals",
  tags: "anyOf",
  consent: "anyOf",
  customerLifecycleStage: "anyOf",
  dateAdded: "inTheLast",
  dateUpdated: "inTheLast",
  birthday: "anniversaryIsInTheNext",
  totalSpent: "moreThan",
  averageOrderValue: "moreThan",
  country: "anyOf",
};

export function contactFilterDraft(key: string, property: ContactProperty = "tags"): DraftContactFilter {
  const draft: DraftContactFilter = {
    key,
    property,
    operator: "",
    valueType: property === "custom" ? "text" : property === "birthday" ? "date" : "",
    name: "",
    channels: property === "subscriptionStatus" ? ["email"] : [],
    ...blankValues(),
  };
  draft.operator = FIRST_OPERATOR[property] ?? operatorsOf(draft)[0];
  if (property === "subscriptionStatus") draft.value = "subscribed";
  if (RELATIVE.has(draft.operator)) draft.value = "30";
  return draft;
}

export function eventFilterDraft(key: string): DraftEventFilter {
  return {
    key,
    name: "",
    origin: "",
    operator: "has",
    count: "atLeast",
    value: "1",
    period: { operator: "any", ...blankValues() },
    junction: "and",
    filters: [],
  };
}

export function propertyFilterDraft(key: string): DraftPropertyFilter {
  return { key, property: "", operator: "equals", valueType: "", ...blankValues() };
}

export type FilterPatch = Partial<Omit<DraftContactFilter, "key">> | Partial<Omit<DraftEventFilter, "key" | "filters">>;
export type PropertyPatch = Partial<Omit<DraftPropertyFilter, "key">>;

export type BuilderAction =
  | { type: "addGroup"; entity?: Entity }
  | { type: "removeGroup"; group: string }
  | { type: "addCondition"; group: string; entity: Entity }
  | { type: "removeCondition"; group: string; condition: string }
  | { type: "setJunction"; group: string; condition: string; junction: Junction }
  | { type: "addFilter"; group: string; condition: string }
  | { type: "removeFilter"; group: string; condition: string; filter: string }
  | { type: "updateFilter"; group: string; condition: string; filter: string; patch: FilterPatch }
  | { type: "addPropertyFilter"; group: string; condition: string; filter: string }
  | { type: "updatePropertyFilter"; group: string; condition: string; filter: string; property: string; patch: PropertyPatch }
  | { type: "removePropertyFilter"; group: string; condition: string; filter: string; property: string }
  | { type: "reset"; groups: ApiConditionGroup[] };

/** A contact filter after a change: a new property or kind starts its operator and values over. */
function changedContactFilter(f: DraftContactFilter, patch: Partial<DraftContactFilter>): DraftContactFilter {
  if (patch.property !== undefined && patch.property !== f.property) return { ...contactFilterDraft(f.key, patch.property) };
  const next = { ...f, ...patch };
  return keepOperatorFitting(f, next);
}

function keepOperatorFitting<T extends DraftContactFilter | DraftPropertyFilter>(before: T, next: T): T {
  if (kindOf(before) !== kindOf(next)) {
    const fresh = { ...next, ...blankValues() };
    const ops = operatorsOf(fresh);
    return { ...fresh, operator: ops.includes(next.operator) ? next.operator : ops[0] };
  }
  if (next.operator !== before.operator && RELATIVE.has(next.operator) && !/^\d+$/.test(next.value)) return { ...next, value: "30" };
  return next;
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  let next = state.nextKey;
  const key = () => `k${next++}`;
  const newCondition = (entity: Entity): DraftCondition =>
    entity === "contact"
      ? { key: key(), entity, junction: "and", filters: [contactFilterDraft(key())] }
      : { key: key(), entity, junction: "and", filters: [eventFilterDraft(key())] };
  const groups = (fn: (g: DraftGroup) => DraftGroup | null, id: string) =>
    state.groups.flatMap((g) => (g.key === id ? [fn(g)].filter((x): x is DraftGroup => x !== null && x.conditions.length > 0) : [g]));
  const conditions = (a: { group: string; condition: string }, fn: (c: DraftCondition) => DraftCondition | null) =>
    groups(
      (g) => ({
        ...g,
        conditions: g.conditions.flatMap((c) =>
          c.key === a.condition ? [fn(c)].filter((x): x is DraftCondition => x !== null && x.filters.length > 0) : [c],
        ),
      }),
      a.group,
    );
  const filters = (
    a: { group: string; condition: string; filter: string },
    fn: (f: DraftContactFilter | DraftEventFilter) => DraftContactFilter | DraftEventFilter | null,
  ) =>
    conditions(
      a,
      (c) =>
        ({ ...c, filters: c.filters.flatMap((f) => (f.key === a.filter ? [fn(f)].filter((x) => x !== null) : [f])) }) as DraftCondition,
    );
  const eventFilter = (a: { group: string; condition: string; filter: string }, fn: (f: DraftEventFilter) => DraftEventFilter) =>
    filters(a, (f) => ("name" in f && "count" in f ? fn(f) : f));

  let result: DraftGroup[];
  switch (action.type) {
    case "addGroup":
      result = [...state.groups, { key: key(), conditions: [newCondition(action.entity ?? "contact")] }];
      break;
    case "removeGroup":
      result = groups(() => null, action.group);
      break;
    case "addCondition":
      result = groups((g) => ({ ...g, conditions: [...g.conditions, newCondition(action.entity)] }), action.group);
      break;
    case "removeCondition":
      result = conditions(action, () => null);
      break;
    case "setJunction":
      result = conditions(action, (c) => ({ ...c, junction: action.junction }));
      break;
    case "addFilter":
      result = conditions(action, (c) =>
        c.entity === "contact"
          ? { ...c, filters: [...c.filters, contactFilterDraft(key())] }
          : { ...c, filters: [...c.filters, eventFilterDraft(key())] },
      );
      break;
    case "removeFilter":
      result = filters(action, () => null);
      break;
    case "updateFilter":
      result = filters(action, (f) =>
        "channels" in f
          ? changedContactFilter(f, action.patch as Partial<DraftContactFilter>)
          : { ...f, ...(action.patch as Partial<DraftEventFilter>) },
      );
      break;
    case "addPropertyFilter":
      result = eventFilter(action, (f) => ({ ...f, filters: [...f.filters, propertyFilterDraft(key())] }));
      break;
    case "updatePropertyFilter":
      result = eventFilter(action, (f) => ({
        ...f,
        filters: f.filters.map((p) => (p.key === action.property ? keepOperatorFitting(p, { ...p, ...action.patch }) : p)),
      }));
      break;
    case "removePropertyFilter":
      result = eventFilter(action, (f) => ({ ...f, filters: f.filters.filter((p) => p.key !== action.property) }));
      break;
    case "reset":
      return fromApi(action.groups);
  }
  return { groups: result, nextKey: next };
}

export const emptyBuilder = (): BuilderState => ({ groups: [], nextKey: 0 });

// ---- drafts from stored definitions

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : v === undefined || v === null || v === "" ? [] : [String(v)]);

function valuesFrom(
  f: { operator: string; value?: unknown; valueFrom?: unknown; valueTo?: unknown; unit?: Unit },
  listKind: boolean,
): DraftValues {
  return {
    value: listKind ? "" : Array.isArray(f.value) ? f.value.map(String).join(", ") : text(f.value),
    values: listKind ? list(f.value) : [],
    valueFrom: text(f.valueFrom),
    valueTo: text(f.valueTo),
    unit: f.unit ?? "days",
  };
}

const LIST_KINDS = new Set(["text", "list", "stage"]);

export function fromApi(groups: ApiConditionGroup[]): BuilderState {
  let n = 0;
  const next = () => `k${n++}`;
  const contactDraft = (f: ApiContactFilter): DraftContactFilter => {
    const draft: DraftContactFilter = {
      key: next(),
      property: f.property,
      operator: f.operator,
      valueType: f.valueType ?? "",
      name: f.name ?? "",
      channels: (f.channels ?? []) as Channel[],
      ...blankValues(),
    };
    return { ...draft, ...valuesFrom(f, LIST_KINDS.has(kindOf(draft)) && f.operator !== "between") };
  };
  const propertyDraft = (f: ApiPropertyFilter): DraftPropertyFilter => {
    const draft: DraftPropertyFilter = {
      key: next(),
      property: f.property,
      operator: f.operator,
      valueType: (f.valueType ?? propertyFilterKind(f)) as ValueType,
      ...blankValues(),
    };
    return { ...draft, ...valuesFrom(f, LIST_KINDS.has(kindOf(draft)) && f.operator !== "between") };
  };
  const eventDraft = (f: ApiEventFilter): DraftEventFilter => ({
    key: next(),
    name: f.name,
    origin: f.origin ?? "",
    operator: f.operator,
    count: f.count,
    value: String(f.value),
    period: f.period ? { operator: f.period.operator, ...valuesFrom(f.period, false) } : { operator: "any", ...blankValues() },
    junction: f.junction ?? "and",
    filters: (f.filters ?? []).map(propertyDraft),
  });
  const result = groups.map((group) => ({
    key: next(),
    conditions: group.conditions.map((c): DraftCondition =>
      c.entity === "contact"
        ? { key: next(), entity: "contact", junction: c.junction ?? "and", filters: c.filters.map(contactDraft) }
        : { key: next(), entity: "event", junction: c.junction ?? "and", filters: c.filters.map(eventDraft) },
    ),
  }));
  return { groups: result, nextKey: n };
}

// ---- drafts to the API's format. Text that is not a number where one is needed is sent as the text,
// so the API's field error (not a silent guess) tells the person what to fix.

function numberOrText(value: string): number | string {
  const trimmed = value.trim();
  return trimmed !== "" && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** The chips plus what is still typed in the chip input. */
export function listValues(f: DraftValues): string[] {
  const typed = f.value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  return [...f.values, ...typed.filter((v) => !f.values.includes(v))];
}

function valuesToApi(kind: OperatorKind | "birthday", operator: string, f: DraftValues) {
  if (NO_VALUE.has(operator)) return {};
  if (operator === "between") {
    return kind === "number"
      ? { valueFrom: numberOrText(f.valueFrom), valueTo: numberOrText(f.valueTo) }
      : { valueFrom: f.valueFrom, valueTo: f.valueTo };
  }
  if (RELATIVE.has(operator)) return { value: numberOrText(f.value), unit: f.unit };
  switch (kind) {
    case "number":
      return { value: numberOrText(f.value) };
    case "bool":
      return { value: f.value !== "false" };
    case "text":
    case "list":
    case "stage":
      // As the published examples write them: a list, also for one value.
      return { value: listValues(f) };
    default:
      return { value: f.value };
  }
}

function contactFilterToApi(f: DraftContactFilter): ApiContactFilter {
  const kind = kindOf(f);
  return {
    property: f.property,
    operator: f.operator,
    ...(f.property === "custom" ? { name: f.name.trim(), valueType: (f.valueType || "text") as ValueType } : {}),
    ...(f.property === "birthday" && f.valueType ? { valueType: f.valueType as ValueType } : {}),
    ...(f.property === "subscriptionStatus" ? { channels: f.channels } : {}),
    ...valuesToApi(kind, f.operator, f),
  } as ApiContactFilter;
}

function eventFilterToApi(f: DraftEventFilter): ApiEventFilter {
  const { operator: periodOperator, ...period } = f.period;
  return {
    name: f.name.trim(),
    operator: f.operator,
    count: f.count,
    value: numberOrText(f.value) as number,
    ...(f.origin.trim() ? { origin: f.origin.trim() } : {}),
    ...(periodOperator === "any" ? {} : { period: { operator: periodOperator, ...valuesToApi("date", periodOperator, period) } }),
    ...(f.filters.length
      ? {
          junction: f.junction,
          filters: f.filters.map(
            (p) =>
              ({
                property: p.property.trim(),
                operator: p.operator,
                ...(p.valueType ? { valueType: p.valueType } : {}),
                ...valuesToApi(kindOf(p), p.operator, p),
              }) as ApiPropertyFilter,
          ),
        }
      : {}),
  } as ApiEventFilter;
}

export function toApi(state: BuilderState): ApiConditionGroup[] {
  return state.groups.map((g) => ({
    conditions: g.conditions.map((c): ApiCondition =>
      c.entity === "contact"
        ? { entity: "contact", junction: c.junction, filters: c.filters.map(contactFilterToApi) }
        : { entity: "event", junction: c.junction, filters: c.filters.map(eventFilterToApi) },
    ),
  }));
}

/** Why the drafts cannot be counted yet, or null when every filter is filled in. `originsOf` names the
 * origins an event arrives from: with more than one, the API needs the filter to choose (it answers 400). */
export function incompleteReason(state: BuilderState, originsOf: (event: string) => readonly string[] = () => []): string | null {
  if (state.groups.length === 0) return "Add a condition to see how many contacts match.";
  const missingValue = (kind: OperatorKind | "birthday", operator: string, f: DraftValues) => {
    if (NO_VALUE.has(operator)) return false;
    if (operator === "between") return !f.valueFrom.trim() || !f.valueTo.trim();
    if (LIST_KINDS.has(kind) && !RELATIVE.has(operator)) return listValues(f).length === 0;
    return !f.value.trim() && kind !== "bool";
  };
  for (const g of state.groups) {
    for (const c of g.conditions) {
      for (const f of c.filters) {
        if (c.entity === "event") {
          const e = f as DraftEventFilter;
          if (!e.name.trim()) return "Choose an event to see a count.";
          if (!e.value.trim()) return "Fill in how many times to see a count.";
          if (!e.origin.trim() && originsOf(e.name.trim()).length > 1) return "Choose where the event comes from to see a count.";
          if (e.period.operator !== "any" && missingValue("date", e.period.operator, e.period))
            return "Fill in when the event happened to see a count.";
          for (const p of e.filters) {
            if (!p.property.trim()) return "Choose an event property to see a count.";
            if (missingValue(kindOf(p), p.operator, p)) return "Fill in every value to see a count.";
          }
        } else {
          const cf = f as DraftContactFilter;
          if (cf.property === "custom" && !cf.name.trim()) return "Enter the custom property's name to see a count.";
          if (cf.property === "subscriptionStatus" && cf.channels.length === 0) return "Choose a channel to see a count.";
          if (missingValue(kindOf(cf), cf.operator, cf)) return "Fill in every value to see a count.";
        }
      }
    }
  }
  return null;
}

/** The draft an API error pointer names: the key of the filter (or property filter) and the field. */
export function locatePointer(state: BuilderState, pointer: string): { key: string; field?: string } | null {
  const match =
    /^\/conditionGroups\/(\d+)(?:\/conditions\/(\d+)(?:\/filters\/(\d+)(?:\/filters\/(\d+))?(?:\/([^/]+)(?:\/([^/]+))?)?(?:\/.*)?)?)?/.exec(
      pointer,
    );
  if (!match) return null;
  const group = state.groups[Number(match[1])];
  if (!group) return null;
  const condition = match[2] !== undefined ? group.conditions[Number(match[2])] : undefined;
  if (!condition) return { key: group.key };
  const filter = match[3] !== undefined ? condition.filters[Number(match[3])] : undefined;
  if (!filter) return { key: condition.key };
  const property = match[4] !== undefined && "count" in filter ? filter.filters[Number(match[4])] : undefined;
  // A period's own fields are inputs of their own: "period.valueFrom".
  const field = match[5] === "period" && match[6] && /^(?:value|valueFrom|valueTo|unit)$/.test(match[6]) ? `period.${match[6]}` : match[5];
  return { key: (property ?? filter).key, field };
}
