// Conditional content (published Filter/Rule/FilterProperty): a section shows only to recipients whose
// contact properties match. Operators are plain strings as published, checked with a clear error.
import { z } from "zod";
import { keyword } from "./primitives";

export const FILTER_OPERATORS = ["and", "or"] as const;
/** Rule operators the renderer evaluates (case-insensitive text comparison; numbers compared as numbers). */
export const RULE_OPERATORS = [
  "equals",
  "notEquals",
  "contains",
  "notContains",
  "startsWith",
  "endsWith",
  "exists",
  "notExists",
  "greaterThan",
  "lessThan",
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

export const FilterProperty = z
  .strictObject({
    id: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: "System properties by snake_case name (first_name, email, country, tags ...); custom properties by their key" }),
    isSystem: z.boolean().optional().meta({ description: "true: a contact field; false: a custom property" }),
    name: z.string().max(200).optional().meta({ description: "Label shown to people" }),
    type: z.string().max(50).optional().meta({ description: "string, number, boolean or date" }),
  })
  .meta({ id: "FilterProperty", description: "The contact property a rule reads" });

export const Rule = z
  .strictObject({
    operator: keyword(RULE_OPERATORS, "operator").optional(),
    property: FilterProperty.optional(),
    value: z.string().max(500).optional(),
  })
  .meta({ id: "Rule", description: "One condition on a contact property" });
export type Rule = z.infer<typeof Rule>;

export const Filter = z
  .strictObject({
    operator: keyword(FILTER_OPERATORS, "operator").optional().meta({ description: "and (default): every rule; or: any rule" }),
    rules: z.array(Rule).max(50).optional(),
  })
  .meta({ id: "Filter", description: "Conditional display: who sees the content" });
export type Filter = z.infer<typeof Filter>;
