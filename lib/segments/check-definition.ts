// The checks of a segment definition that need the brand's data (published segments rules):
//  - an event filter names its origin when the event arrives from more than one (the error lists them);
//  - a property sub-filter of a recommended or declared event compares the property's own type: a
//    valueType that contradicts it is refused, and a missing one is filled in.
import { sqlReader } from "@/lib/db/sql";
import { ApiProblem, type FieldError } from "@/lib/http/problems";
import { catalogAsJson } from "@/lib/events/catalog";
import { declaredSchemas } from "@/lib/events/metadata/declared-schemas";
import { nodeAt, treeFromJsonSchema, valueTypeOf } from "@/lib/events/metadata/property-tree";
import type { PropertyNode, WritePropertyNode } from "@/lib/events/metadata/schemas";
import { operatorIssues, type ConditionGroups, type EventFilter } from "./conditions";

type Tree = Record<string, PropertyNode | WritePropertyNode>;

async function originsByName(brandId: string, names: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (names.length === 0) return out;
  const rows = await sqlReader().all<{ eventName: string; origin: string }>(
    `SELECT DISTINCT "eventName", "origin" FROM "EventIdentity" WHERE "brandId" = ? AND "eventName" IN (${names.map(() => "?").join(", ")}) AND "origin" <> ''`,
    [brandId, ...names],
  );
  for (const r of rows) out.set(r.eventName, (out.get(r.eventName) ?? new Set()).add(r.origin));
  return out;
}

export async function checkDefinition(brandId: string, groups: ConditionGroups): Promise<ConditionGroups> {
  const eventFilters = groups.flatMap((g) => g.conditions.flatMap((c) => (c.entity === "event" ? c.filters : [])));
  if (eventFilters.length === 0) return groups;
  const names = [...new Set(eventFilters.map((f) => f.name))];
  const [seen, declared] = await Promise.all([originsByName(brandId, names), declaredSchemas(brandId)]);
  const catalog = new Map<string, Tree>();
  for (const entry of catalogAsJson()) catalog.set(entry.eventName, treeFromJsonSchema(entry.properties));

  const treeOf = (f: EventFilter): Tree | null => {
    const mine = declared.filter((d) => d.name === f.name && (f.origin === undefined || d.origin === f.origin));
    if (catalog.has(f.name)) return catalog.get(f.name)!;
    return mine.length === 1 ? mine[0].properties : null;
  };

  const errors: FieldError[] = [];
  const checked = groups.map((group, g) => ({
    ...group,
    conditions: group.conditions.map((condition, c) => {
      if (condition.entity !== "event") return condition;
      return {
        ...condition,
        filters: condition.filters.map((filter, fi) => {
          const at = `/conditionGroups/${g}/conditions/${c}/filters/${fi}`;
          if (filter.origin === undefined) {
            const origins = new Set([
              ...(seen.get(filter.name) ?? []),
              ...declared.filter((d) => d.name === filter.name).map((d) => d.origin),
            ]);
            if (origins.size > 1) {
              errors.push({
                field: "conditionGroups.conditions.filters.origin",
                pointer: `${at}/origin`,
                code: "required",
                message: `"${filter.name}" arrives from several origins; choose one: ${[...origins].sort().join(", ")}`,
              });
            }
          }
          const tree = treeOf(filter);
          if (!tree || !filter.filters) return filter;
          return {
            ...filter,
            filters: filter.filters.map((p, pi) => {
              const node = nodeAt(tree, p.property);
              const expected = node ? valueTypeOf(node.type) : null;
              if (!expected) return p;
              if (p.valueType && p.valueType !== expected && !(p.operator === "exists" || p.operator === "doesNotExist")) {
                errors.push({
                  field: "conditionGroups.conditions.filters.filters.valueType",
                  pointer: `${at}/filters/${pi}/valueType`,
                  code: "invalid_value",
                  message: `${p.property} of "${filter.name}" is ${node!.type}: compare it as ${expected}`,
                });
              }
              if (p.valueType) return p;
              // The property's type decides how it compares: the operator and value must suit it.
              for (const issue of operatorIssues(expected, p)) {
                errors.push({
                  field: `conditionGroups.conditions.filters.filters.${issue.path.join(".")}`,
                  pointer: `${at}/filters/${pi}/${issue.path.join("/")}`,
                  code: issue.code,
                  message: `${issue.message} (${p.property} of "${filter.name}" is ${node!.type})`,
                });
              }
              return { ...p, valueType: expected };
            }),
          };
        }),
      };
    }),
  })) as ConditionGroups;
  if (errors.length)
    throw new ApiProblem("validation-failed", `${errors.length} field${errors.length === 1 ? " is" : "s are"} invalid`, { errors });
  return checked;
}
