// A segment definition as sentences a marketer reads ("Tags include any of vip and has done placed order
// at least 1 time in the last 7 days"), one per group: groups are alternatives.
import { contactFilterKind, propertyFilterKind, type Unit } from "@/lib/segments/vocabulary";
import type { ApiCondition, ApiConditionGroup } from "./condition-builder-state";
import {
  CHANNEL_WORDS,
  NO_VALUE,
  OPERATOR_WORDS,
  PERIOD_WORDS,
  PROPERTY_LABEL,
  RELATIVE,
  STAGE_WORDS,
  STATUS_WORDS,
  UNIT_WORDS,
} from "./filter-words";

type Values = { operator: string; value?: unknown; valueFrom?: unknown; valueTo?: unknown; unit?: Unit };

function valueWords(f: Values, words?: Record<string, string>): string {
  if (NO_VALUE.has(f.operator)) return "";
  if (f.operator === "between") return ` ${String(f.valueFrom)} and ${String(f.valueTo)}`;
  if (RELATIVE.has(f.operator)) return ` ${String(f.value)} ${UNIT_WORDS[f.unit ?? "days"]}`;
  if (typeof f.value === "boolean") return f.value ? " yes" : " no";
  const list = (Array.isArray(f.value) ? f.value : [f.value]).map((v) => words?.[String(v)] ?? String(v));
  return ` ${list.length > 1 ? `${list.slice(0, -1).join(", ")} or ${list.at(-1)}` : list[0]}`;
}

function filterWords(condition: ApiCondition): string[] {
  if (condition.entity === "contact") {
    return condition.filters.map((f) => {
      const kind = contactFilterKind({ property: f.property, valueType: f.valueType, operator: f.operator });
      if (f.property === "subscriptionStatus") {
        const channels = (f.channels ?? []).map((c) => CHANNEL_WORDS[c]).join(" and ");
        return `${channels} status ${OPERATOR_WORDS.status[f.operator] ?? f.operator} ${STATUS_WORDS[f.value as keyof typeof STATUS_WORDS] ?? String(f.value)}`;
      }
      const label = f.property === "custom" ? `Custom property “${f.name ?? ""}”` : PROPERTY_LABEL[f.property];
      const words = f.property === "customerLifecycleStage" ? STAGE_WORDS : undefined;
      return `${label} ${OPERATOR_WORDS[kind][f.operator] ?? f.operator}${valueWords(f, words)}`;
    });
  }
  return condition.filters.map((f) => {
    const count = f.count === "atLeast" ? `at least ${f.value}` : `exactly ${f.value}`;
    let text = `${f.operator === "has" ? "has done" : "has not done"} “${f.name}” ${count} ${f.value === 1 ? "time" : "times"}`;
    if (f.origin) text += ` from ${f.origin}`;
    if (f.period)
      text += ` ${PERIOD_WORDS[f.period.operator]}${valueWords({ ...f.period, operator: f.period.operator === "equals" ? "on" : f.period.operator })}`;
    if (f.filters?.length) {
      const parts = f.filters.map(
        (p) => `${p.property} ${OPERATOR_WORDS[propertyFilterKind(p)][p.operator] ?? p.operator}${valueWords(p)}`,
      );
      text += ` where ${parts.join(f.junction === "or" ? " or " : " and ")}`;
    }
    return text;
  });
}

/** One sentence per group. */
export function summarize(groups: ApiConditionGroup[]): string[] {
  return groups.map((g) =>
    g.conditions
      .map((c) => {
        const parts = filterWords(c);
        return parts.length > 1 ? `(${parts.join(c.junction === "or" ? " or " : " and ")})` : parts[0];
      })
      .join(" and "),
  );
}
