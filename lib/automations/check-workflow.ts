// The rules of a workflow beyond its request shape (the published prose), checked against what the brand
// has (./brand-facts.ts) and reported all at once: a trigger names an event identity (origin selected
// when the brand's events of that name have one), filter values are typed like their property, audience
// fields take their own operators, a delay may not end a sequence, a split's message filter names an
// email block above it, SMS and push are refused naming the channel, limiter settings hold their caps.
import { isTimeZone } from "./time";
import type { BrandFacts } from "./brand-facts";
import type { Issues, Path } from "./issues";
import {
  BUILT_IN_EVENTS,
  CONTACT_FIELD_OPERATORS,
  EVENT_OPERATORS,
  MESSAGE_OPERATORS,
  type Block,
  type ContactField,
  type ContactFilter,
  type EventFilter,
  type EventFilterGroup,
  type Settings,
  type SplitFilter,
  type TriggerCondition,
} from "./model";
import { FREQUENCY_CAPS } from "./schemas";
import { BlockTree } from "./tree";

const NUMERIC = new Set(["integer", "float", "integerList", "floatList"]);
const BOOLEAN = new Set(["boolean", "booleanList"]);
const TEXT = new Set(["string", "stringList", "date", "dateList"]);
const ORDERING = new Set(["gt", "gte", "lt", "lte"]);
const BUILT_IN_NAMES: string[] = Object.values(BUILT_IN_EVENTS);
export const ENTERED_SEGMENT_ORIGIN = "omnisend";

/** The identity a trigger or exit condition binds to, or why it cannot be chosen. */
export function resolveOrigin(
  event: string,
  origin: string | undefined,
  facts: BrandFacts,
  issues: Issues,
  path: Path,
): Pick<TriggerCondition, "origin" | "noOrigin"> {
  if (event === BUILT_IN_EVENTS.enteredSegment) {
    if (origin !== undefined && origin !== ENTERED_SEGMENT_ORIGIN)
      issues.add([...path, "origin"], "invalid_value", `must be "${ENTERED_SEGMENT_ORIGIN}"`);
    return { origin: ENTERED_SEGMENT_ORIGIN };
  }
  if (BUILT_IN_NAMES.includes(event)) {
    if (origin !== undefined && origin !== "")
      issues.add([...path, "origin"], "not_allowed", `must be omitted for the built-in event "${event}"`);
    return {};
  }
  const known = facts.origins.get(event) ?? [];
  const named = known.filter((o) => o !== "");
  const describe = () =>
    [...named.map((o) => `"${o}"`), ...(known.includes("") ? ["without an origin (compatibility: no-origin)"] : [])].join(", ");
  if (origin !== undefined && origin !== "") {
    if (known.length > 0 && !named.includes(origin)) {
      issues.add(
        [...path, "origin"],
        "unknown_origin",
        `events named "${event}" arrive from ${describe()}; an automation bound to "${origin}" would not react to them`,
      );
    }
    return { origin };
  }
  if (known.length === 1) return known[0] === "" ? { noOrigin: true } : { origin: known[0] };
  if (known.length === 0) {
    issues.add([...path, "origin"], "required", `is required: no event named "${event}" has arrived yet, so its origin cannot be selected`);
  } else {
    issues.add([...path, "origin"], "required", `is required: events named "${event}" arrive from ${describe()}`);
  }
  return {};
}

function jsonType(value: unknown): string {
  return Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
}

/** One event-property filter: value presence by operator, and its JSON type against the property's type. */
export function checkEventFilter(filter: EventFilter, types: Map<string, string> | undefined, issues: Issues, path: Path): void {
  if (!(EVENT_OPERATORS as readonly string[]).includes(filter.operator)) {
    issues.add([...path, "operator"], "invalid_value", `must be one of ${EVENT_OPERATORS.join(", ")}`);
    return;
  }
  const type = types?.get(filter.field);
  const { operator, value } = filter;
  if (operator === "exists" || operator === "notExists") {
    if (value !== undefined) issues.add([...path, "value"], "not_allowed", `must be omitted for ${operator}`);
    return;
  }
  if (value === undefined || value === null) {
    issues.add([...path, "value"], "required", `is required for ${operator}`);
    return;
  }
  const values = operator === "in" || operator === "notIn" ? value : [value];
  if (!Array.isArray(values) || values.length === 0) {
    issues.add([...path, "value"], "invalid_type", `must be a non-empty array for ${operator}`);
    return;
  }
  if (ORDERING.has(operator) && type && !NUMERIC.has(type) && !type.startsWith("date")) {
    issues.add([...path, "operator"], "invalid_operator", `${operator} compares numbers; "${filter.field}" is a ${type} property`);
  }
  for (const v of values) {
    const got = jsonType(v);
    if (got === "object" || got === "array" || got === "null") {
      issues.add([...path, "value"], "invalid_type", `must be a string, number or boolean, not ${got}`);
      return;
    }
    const expected = !type ? null : NUMERIC.has(type) ? "number" : BOOLEAN.has(type) ? "boolean" : TEXT.has(type) ? "string" : null;
    if (expected && got !== expected) {
      issues.add([...path, "value"], "type_mismatch", `must be a ${expected}: "${filter.field}" is a ${type} property (got a ${got})`);
      return;
    }
  }
}

export function checkEventGroups(groups: EventFilterGroup[], types: Map<string, string> | undefined, issues: Issues, path: Path): void {
  groups.forEach((group, g) => group.filters.forEach((f, i) => checkEventFilter(f, types, issues, [...path, g, "filters", i])));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function checkContactFilter(filter: ContactFilter, facts: BrandFacts, issues: Issues, path: Path): void {
  // Own keys only: a field named like an Object.prototype member ("toString", "__proto__") is no field.
  const allowed = Object.hasOwn(CONTACT_FIELD_OPERATORS, filter.field) ? CONTACT_FIELD_OPERATORS[filter.field as ContactField] : undefined;
  if (!allowed) {
    issues.add([...path, "field"], "invalid_value", `must be one of ${Object.keys(CONTACT_FIELD_OPERATORS).join(", ")}`);
    return;
  }
  if (!allowed.includes(filter.operator)) {
    issues.add([...path, "operator"], "invalid_operator", `${filter.field} takes ${allowed.join(", ")}`);
  }
  // A split's contact filter arrives untyped (its value's type depends on the filter's type): text, as
  // the audience filter's.
  if (typeof filter.value !== "string" || filter.value.length === 0 || filter.value.length > 250) {
    const code =
      filter.value === undefined || filter.value === "" ? "required" : typeof filter.value === "string" ? "too_big" : "invalid_type";
    issues.add([...path, "value"], code, "must be a non-empty string of at most 250 characters");
    return;
  }
  const value = filter.value;
  if (filter.field === "gender" && value !== "m" && value !== "f") issues.add([...path, "value"], "invalid_value", 'must be "m" or "f"');
  if (filter.field === "dateAdded" && (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))) {
    issues.add([...path, "value"], "invalid_format", "must be a date as YYYY-MM-DD");
  }
  if (filter.field === "segmentID" && !facts.segments.has(value))
    issues.add([...path, "value"], "not_found", "names no segment of this brand");
}

/** The trigger's condition: its identity, and the built-ins' own filter rules. */
export function checkCondition(
  condition: { event: string; origin?: string; filterGroups?: EventFilterGroup[] },
  facts: BrandFacts,
  issues: Issues,
  path: Path,
): TriggerCondition {
  const identity = resolveOrigin(condition.event, condition.origin, facts, issues, path);
  const groups = condition.filterGroups ?? [];
  const groupsPath = [...path, "filterGroups"];
  if (condition.event === BUILT_IN_EVENTS.birthday) {
    const filters = groups.flatMap((g) => g.filters);
    const only = filters[0];
    if (groups.length > 1 || filters.length > 1)
      issues.add(groupsPath, "invalid", "birthday takes at most one group with one filter (birthdate eq an hour offset)");
    else if (
      only &&
      (only.field !== "birthdate" || only.operator !== "eq" || typeof only.value !== "string" || !/^-?\d{1,4}h$/.test(only.value))
    ) {
      issues.add(
        [...groupsPath, 0, "filters", 0],
        "invalid",
        'must be {"field": "birthdate", "operator": "eq", "value": "-24h"} (an hour offset from the birthday)',
      );
    }
  } else if (condition.event === BUILT_IN_EVENTS.enteredSegment) {
    const filters = groups.flatMap((g) => g.filters);
    const only = filters[0];
    if (filters.length !== 1 || only.field !== "segment_id" || only.operator !== "eq") {
      issues.add(
        groupsPath,
        "invalid",
        'entered segment takes one filter: {"field": "segment_id", "operator": "eq", "value": "<segment id>"}',
      );
    } else if (typeof only.value !== "string" || !facts.segments.has(only.value)) {
      issues.add([...groupsPath, 0, "filters", 0, "value"], "not_found", "names no segment of this brand");
    }
  } else {
    checkEventGroups(groups, facts.propertyTypes.get(condition.event), issues, groupsPath);
  }
  const stored: TriggerCondition = { event: condition.event, ...identity };
  if (groups.length > 0) stored.filterGroups = groups;
  return stored;
}

export function checkSettings(settings: Settings, selfId: string | null, facts: BrandFacts, issues: Issues, path: Path): void {
  const overlap = settings.overlapLimiter;
  if (!overlap) return;
  if (overlap.automationIDs.length === 0)
    issues.add([...path, "overlapLimiter", "automationIDs"], "too_small", "must name at least one automation");
  overlap.automationIDs.forEach((id, i) => {
    if (id === selfId)
      issues.add([...path, "overlapLimiter", "automationIDs", i], "self_reference", "must not name this automation itself");
    else if (!facts.automations.has(id))
      issues.add([...path, "overlapLimiter", "automationIDs", i], "not_found", "names no automation of this brand");
  });
}

/** A frequency limiter request as stored (hours), with its caps checked. */
export function frequencyFrom(
  request: { mode: "once" | "interval"; duration?: { amount: number; units: "h" | "d" | "w" } },
  issues: Issues,
  path: Path,
): Settings["frequencyLimiter"] {
  if (request.mode === "once") {
    if (request.duration) issues.add([...path, "duration"], "not_allowed", 'must be omitted when mode is "once"');
    return { mode: "once" };
  }
  if (!request.duration) {
    issues.add([...path, "duration"], "required", 'is required when mode is "interval"');
    return undefined;
  }
  const { amount, units } = request.duration;
  if (amount > FREQUENCY_CAPS[units])
    issues.add([...path, "duration", "amount"], "too_big", `must be at most ${FREQUENCY_CAPS[units]} ${units}`);
  return { mode: "interval", hours: amount * (units === "h" ? 1 : units === "d" ? 24 : 168) };
}

export function overlapFrom(
  request: { mode: "currentlyIn" | "recentlyIn"; automationIDs: string[]; withinDays?: number },
  issues: Issues,
  path: Path,
): Settings["overlapLimiter"] {
  if (request.mode === "currentlyIn") {
    if (request.withinDays !== undefined) issues.add([...path, "withinDays"], "not_allowed", 'must be omitted when mode is "currentlyIn"');
    return { mode: "currentlyIn", automationIDs: request.automationIDs };
  }
  if (request.withinDays === undefined) issues.add([...path, "withinDays"], "required", 'is required when mode is "recentlyIn"');
  // Returned even when refused, so its automation ids are checked too (the request fails either way).
  return { mode: "recentlyIn", automationIDs: request.automationIDs, withinDays: request.withinDays ?? 0 };
}

/** The rules of a whole block tree once it is built: delays, message references, split event filters, depth. */
export function checkTree(blocks: Block[], paths: Map<string, Path>, facts: BrandFacts, triggerEvent: string, issues: Issues): void {
  const tree = new BlockTree(blocks);
  if (tree.places.size > 200) issues.add(["blocks"], "too_big", "a workflow holds at most 200 blocks");
  const triggerTypes = facts.propertyTypes.get(triggerEvent);
  for (const place of tree.places.values()) {
    const { block } = place;
    const path = paths.get(block.id) ?? ["blocks"];
    if (place.depth > 10) issues.add(path, "too_deep", "splits and A/B tests nest at most 10 deep");
    if (block.type === "delay" && tree.after(block.id) === null) {
      issues.add(
        path,
        "delay_at_end",
        "a delay may not end a sequence: add a block after it (or after the split or A/B test whose branch it ends)",
      );
    }
    if (block.type === "split") {
      const above = new Set(
        tree
          .before(block.id)
          .filter((b) => b.type === "action" && b.action.type === "sendEmail")
          .map((b) => b.id),
      );
      block.split.filterGroup.filters.forEach((filter, i) =>
        checkSplitFilter(filter, above, triggerTypes, facts, issues, [...path, "split", "filterGroup", "filters", i]),
      );
    }
  }
}

function checkSplitFilter(
  filter: SplitFilter,
  emailBlocksAbove: Set<string>,
  triggerTypes: Map<string, string> | undefined,
  facts: BrandFacts,
  issues: Issues,
  path: Path,
): void {
  const urlMatch = "urlMatch" in filter ? filter.urlMatch : undefined;
  if (filter.type === "event") {
    if (urlMatch) issues.add([...path, "urlMatch"], "not_allowed", "applies only to clicked message filters");
    checkEventFilter(filter, triggerTypes, issues, path);
  } else if (filter.type === "contact") {
    if (urlMatch) issues.add([...path, "urlMatch"], "not_allowed", "applies only to clicked message filters");
    checkContactFilter(filter, facts, issues, path);
  } else {
    if (filter.field !== "blockID") issues.add([...path, "field"], "invalid_value", 'must be "blockID" for a message filter');
    if (!(MESSAGE_OPERATORS as readonly string[]).includes(filter.operator)) {
      issues.add([...path, "operator"], "invalid_value", `must be one of ${MESSAGE_OPERATORS.join(", ")}`);
      return;
    }
    if (filter.operator !== "openedEmail" && filter.operator !== "clickedEmail") {
      issues.channels.add(filter.operator.endsWith("Sms") ? "SMS" : "push");
      issues.add(
        [...path, "operator"],
        "channel_unavailable",
        `${filter.operator} needs an ${filter.operator.endsWith("Sms") ? "SMS" : "push"} block, which Inkwell does not send yet`,
      );
      return;
    }
    if (!emailBlocksAbove.has(String(filter.value))) {
      issues.add([...path, "value"], "invalid_reference", "must be the id of an email block above this split");
    }
    if (urlMatch && filter.operator === "openedEmail") issues.add([...path, "urlMatch"], "not_allowed", "applies only to clickedEmail");
    if (urlMatch && urlMatch.operator !== "any" && !urlMatch.value)
      issues.add([...path, "urlMatch", "value"], "required", `is required for ${urlMatch.operator}`);
  }
}

/** Whether a string names an IANA time zone (the brand setting). */
export { isTimeZone };
