// Conditional display: a node with visibility.condition shows only to recipients matching it.
import type { RenderSection } from "./types";
import { contactValue, type RecipientContact } from "./tags";

type Condition = { field: string; operator: "equals" | "notEquals" | "contains" | "exists" | "notExists"; value?: string };

export function matches(condition: Condition, contact: RecipientContact): boolean {
  const path = condition.field.replace(/^contact\./, "").split(".");
  const actual = contactValue(contact, path);
  const expected = condition.value ?? "";
  switch (condition.operator) {
    case "exists": return actual !== undefined;
    case "notExists": return actual === undefined;
    case "equals": return (actual ?? "").toLowerCase() === expected.toLowerCase();
    case "notEquals": return (actual ?? "").toLowerCase() !== expected.toLowerCase();
    case "contains": return (actual ?? "").toLowerCase().includes(expected.toLowerCase());
  }
}

/** Ids of the sections and blocks whose condition this recipient does not meet. */
export function hiddenNodes(sections: readonly RenderSection[], contact: RecipientContact): string[] {
  const hidden: string[] = [];
  for (const section of sections) {
    const condition = section.settings?.visibility?.condition;
    if (condition && !matches(condition, contact)) hidden.push(section.id);
    for (const row of section.rows) for (const column of row.columns) for (const block of column.blocks) {
      const c = block.visibility?.condition;
      if (c && !matches(c, contact)) hidden.push(block.id);
    }
  }
  return hidden;
}
