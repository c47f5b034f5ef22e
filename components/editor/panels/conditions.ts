// The condition picker's words and shapes over the published Filter/Rule: contact fields from the merge
// tags' one list, comparisons in plain words, and the sentence that sums a filter up.
import { CONTACT_MERGE_TAGS } from "@/lib/templates/merge-tags";
import type { Block } from "../state/document";

export type Filter = NonNullable<Block["filter"]>;
export type Rule = NonNullable<Filter["rules"]>[number];

/** Contact fields a rule can read, by the snake_case id the renderer takes (first_name, city ...). */
export const CONDITION_FIELDS = CONTACT_MERGE_TAGS.filter((t) => t.path !== "contact.id").map((t) => {
  const id = t.path.slice("contact.".length);
  return { id, label: t.label, type: id === "birthdate" ? "date" : "string" };
});

const FIELD_BY_ID = new Map(CONDITION_FIELDS.map((f) => [f.id, f]));

/** A rule on a contact field (equals, no value yet). */
export function ruleForField(id: string): Rule {
  const field = FIELD_BY_ID.get(id) ?? CONDITION_FIELDS[0];
  return { operator: "equals", property: { id: field.id, isSystem: true, name: field.label, type: field.type } };
}

/** The contact field a rule reads, or null when it reads a custom property. */
export function fieldOfRule(rule: Rule): string | null {
  const id = rule.property?.id;
  if (rule.property?.isSystem === false) return null;
  if (id && FIELD_BY_ID.has(id)) return id;
  return id ? null : CONDITION_FIELDS[0].id;
}

const WORDS: Record<string, string> = {
  equals: "is",
  notEquals: "is not",
  contains: "contains",
  notContains: "does not contain",
  startsWith: "starts with",
  endsWith: "ends with",
  exists: "has any value",
  notExists: "is empty",
  greaterThan: "is more than",
  lessThan: "is less than",
};
const DATE_WORDS: Record<string, string> = { greaterThan: "is after", lessThan: "is before" };

export function OPERATOR_OPTIONS(type: string | undefined): { value: string; label: string }[] {
  return Object.entries(WORDS).map(([value, label]) => ({ value, label: (type === "date" && DATE_WORDS[value]) || label }));
}

function ruleText(rule: Rule): string {
  const id = rule.property?.id;
  const field = id && rule.property?.isSystem !== false ? FIELD_BY_ID.get(id) : undefined;
  const name = field ? field.label.toLowerCase() : id ? `“${id}”` : "(a custom property, not chosen yet)";
  const op = rule.operator ?? "equals";
  const words = (rule.property?.type === "date" && DATE_WORDS[op]) || WORDS[op] || op;
  if (op === "exists" || op === "notExists") return `${name} ${words}`;
  return `${name} ${words} “${rule.value ?? ""}”`;
}

/** "Shown only to contacts whose city is “Vilnius” and whose “tier” is “gold”.", or everyone. */
export function describeFilter(filter: Filter | undefined): string {
  const rules = filter?.rules ?? [];
  if (rules.length === 0) return "Shown to everyone.";
  const joiner = filter?.operator === "or" ? " or whose " : " and whose ";
  return `Shown only to contacts whose ${rules.map(ruleText).join(joiner)}.`;
}
