// The segment form's errors: each API field error placed on the builder input it names (by draft key, so
// rows added or removed later do not move it), named by the row's position and the input's label, in the
// message catalog's words. The form drops an error when its input changes (`clearedBy`).
import { fieldMessage, type FieldContext } from "@/components/ui/messages";
import type { ApiFieldError } from "@/lib/client/api-fetch";
import {
  kindOf,
  locatePointer,
  type BuilderAction,
  type BuilderState,
  type DraftContactFilter,
  type DraftPropertyFilter,
} from "./condition-builder-state";
import { listNoun, valueField, type Words } from "./filter-words";

export type SegmentError = {
  /** "name", a draft key ("k3": a group, condition or filter as a whole) or `${draftKey}.${field}` */
  key: string;
  /** Where it is, as the form names it: "Group 1, condition 1, contact filter 2: Amount". */
  label: string;
  message: string;
  /** The id of the input to move to from the summary. */
  target: string | null;
};

const CONTACT_FIELDS: Record<string, Words> = {
  property: { label: "Contact property", input: "choice" },
  name: { label: "Custom property name", input: "key" },
  valueType: { label: "Compare as", input: "choice" },
  channels: { label: "Channels", input: "choice" },
  operator: { label: "Condition", input: "choice" },
};
const EVENT_FIELDS: Record<string, Words> = {
  operator: { label: "Contact", input: "choice" },
  name: { label: "Event", input: "choice" },
  count: { label: "How often", input: "choice" },
  value: { label: "Times", input: "wholeNumber" },
  origin: { label: "From", input: "choice" },
  period: { label: "When", input: "choice" },
  junction: { label: "Where the event's properties match", input: "choice" },
};
const PROPERTY_FIELDS: Record<string, Words> = {
  property: { label: "Event property" },
  valueType: { label: "Compare as", input: "choice" },
  operator: { label: "Condition", input: "choice" },
};

const isValueField = (field: string): field is "value" | "valueFrom" | "valueTo" | "unit" =>
  ["value", "valueFrom", "valueTo", "unit"].includes(field);

function valueWords(filter: DraftContactFilter | DraftPropertyFilter, field: string): Words | undefined {
  if (!isValueField(field)) return undefined;
  if ("channels" in filter && filter.property === "subscriptionStatus" && field === "value") return { label: "Status", input: "choice" };
  return valueField(kindOf(filter), filter.operator, field, "channels" in filter ? listNoun(filter.property) : "value");
}

/** Where a draft key is, and how its fields are named. */
function place(state: BuilderState, key: string): { position: string; words: (field: string) => Words | undefined } | null {
  for (const [g, group] of state.groups.entries()) {
    if (group.key === key) return { position: `Group ${g + 1}`, words: () => undefined };
    for (const [c, condition] of group.conditions.entries()) {
      const at = `Group ${g + 1}, condition ${c + 1}`;
      if (condition.key === key) return { position: at, words: () => undefined };
      for (const [f, filter] of condition.filters.entries()) {
        const position = `${at}, ${condition.entity} filter ${f + 1}`;
        if ("channels" in filter) {
          if (filter.key === key) return { position, words: (field) => CONTACT_FIELDS[field] ?? valueWords(filter, field) };
          continue;
        }
        if (filter.key === key) {
          return {
            position,
            words: (field) => {
              const period = /^period\.(\w+)$/.exec(field)?.[1];
              if (period) return isValueField(period) ? valueField("date", filter.period.operator, period) : EVENT_FIELDS.period;
              return EVENT_FIELDS[field];
            },
          };
        }
        for (const [p, property] of filter.filters.entries()) {
          if (property.key === key)
            return {
              position: `${position}, property condition ${p + 1}`,
              words: (field) => PROPERTY_FIELDS[field] ?? valueWords(property, field),
            };
        }
      }
    }
  }
  return null;
}

/** An API error tied to the draft it is about (pointers hold indices, which later edits move). */
export type PlacedError = { key: string; error: ApiFieldError };

/** Ties each error to its input in the form as it was sent: "name", "form", a draft key or `${draftKey}.${field}`. */
export function placeErrors(state: BuilderState, errors: readonly ApiFieldError[]): PlacedError[] {
  return errors.map((error) => {
    if (error.pointer === "/name" || error.pointer.startsWith("/name/")) return { key: "name", error };
    const at = locatePointer(state, error.pointer);
    return { key: at ? (at.field ? `${at.key}.${at.field}` : at.key) : "form", error };
  });
}

/** The placed errors for people, named where the form shows them now; errors of drafts removed since are gone. */
export function describeErrors(state: BuilderState, placed: readonly PlacedError[]): SegmentError[] {
  return placed.flatMap(({ key, error }): SegmentError[] => {
    if (key === "name")
      return [{ key, label: "Segment name", message: fieldMessage(error, { noun: "segment name" }), target: "segment-name" }];
    // Not about one input: the conditions as a whole ("a segment needs at least one condition").
    if (key === "form") return [{ key, label: "Conditions", message: fieldMessage(error, { noun: "conditions" }), target: null }];
    const [draftKey, ...rest] = key.split(".");
    const field = rest.join(".");
    const found = place(state, draftKey);
    if (!found) return [];
    const words = field ? found.words(field) : undefined;
    const context: FieldContext = { noun: (words?.label ?? "condition").toLowerCase(), input: words?.input };
    return [
      {
        key,
        label: words ? `${found.position}: ${words.label}` : found.position,
        message: fieldMessage(error, context),
        target: field ? `${draftKey}-${field.replace(".", "-")}` : null,
      },
    ];
  });
}

/** The errors an edit deals with: those of the fields it changes, of the whole row when it starts the row over,
 * and those about the conditions as a whole. (Errors of removed drafts go by themselves: describeErrors.) */
export function clearedBy(action: BuilderAction): (key: string) => boolean {
  const under = (name: string) => (key: string) => key === name || key.startsWith(`${name}.`);
  if (action.type === "updateFilter" || action.type === "updatePropertyFilter") {
    const draftKey = action.type === "updateFilter" ? action.filter : action.property;
    const fields = Object.keys(action.patch);
    // A new property, type or operator starts the values over: every error of the row is dealt with.
    if (fields.some((f) => f === "property" || f === "valueType" || f === "operator"))
      return (key) => under(draftKey)(key) || key === "form";
    return (key) => key === draftKey || key === "form" || fields.some((f) => under(`${draftKey}.${f}`)(key));
  }
  if ("condition" in action) return (key) => key === action.condition || key === "form";
  if ("group" in action) return (key) => key === action.group || key === "form";
  return (key) => key === "form";
}
