// Conditional content: a section's settings.filter (and a block's filter, an Inkwell extra) shows it
// only to recipients whose contact matches. Rules compare text case-insensitively; greaterThan and
// lessThan compare numbers (or ISO dates) when both sides are.
import type { Filter, Rule } from "@/lib/templates/schema";
import { CONTACT_FIELDS } from "./tags";
import { contactValue, type RecipientContact } from "./tags";
import type { RenderSection } from "./types";

/** The contact value a rule's property names: a system field by snake_case name, else a custom property. */
export function propertyValue(rule: Rule, contact: RecipientContact): string | undefined {
  const id = rule.property?.id ?? "";
  if (!id) return undefined;
  const path = id.replace(/^contact\./, "");
  if (path.startsWith("custom_properties.")) return contactValue(contact, path.split("."));
  const system = rule.property?.isSystem ?? path in CONTACT_FIELDS;
  return contactValue(contact, system ? [path] : ["custom_properties", path]);
}

const comparable = (v: string): number => (/^-?\d+(?:\.\d+)?$/.test(v.trim()) ? Number(v) : Date.parse(v));

export function ruleMatches(rule: Rule, contact: RecipientContact): boolean {
  const actual = propertyValue(rule, contact);
  const a = (actual ?? "").toLowerCase();
  const e = (rule.value ?? "").toLowerCase();
  switch (rule.operator ?? "equals") {
    case "exists":
      return actual !== undefined;
    case "notExists":
      return actual === undefined;
    case "equals":
      return a === e;
    case "notEquals":
      return a !== e;
    case "contains":
      return a.includes(e);
    case "notContains":
      return !a.includes(e);
    case "startsWith":
      return a.startsWith(e);
    case "endsWith":
      return a.endsWith(e);
    case "greaterThan":
    case "lessThan": {
      if (actual === undefined) return false;
      const x = comparable(actual);
      const y = comparable(rule.value ?? "");
      if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
      return rule.operator === "greaterThan" ? x > y : x < y;
    }
    default:
      return false;
  }
}

/** An empty filter (no rules) matches everyone; "or" needs one rule, "and" (default) all. */
export function filterMatches(filter: Filter | undefined, contact: RecipientContact): boolean {
  const rules = filter?.rules ?? [];
  if (rules.length === 0) return true;
  return filter?.operator === "or" ? rules.some((r) => ruleMatches(r, contact)) : rules.every((r) => ruleMatches(r, contact));
}

/** Ids of the sections and blocks whose filter this recipient does not meet. */
export function hiddenNodes(sections: readonly RenderSection[], contact: RecipientContact): string[] {
  const hidden: string[] = [];
  for (const section of sections) {
    if (!filterMatches(section.settings?.filter, contact)) hidden.push(section.id);
    for (const row of section.rows)
      for (const column of row.columns)
        for (const block of column.blocks) {
          if (block.filter && !filterMatches(block.filter, contact)) hidden.push(block.id);
        }
  }
  return hidden;
}
