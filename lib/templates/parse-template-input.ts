// Turns a raw create/replace payload into a validated template, reporting every problem at once:
// shape errors (zod), cross-node rules (validate-template.ts) and references to universal layouts.
import type { z } from "zod";
import { db } from "@/lib/db";
import { ApiProblem, type FieldError } from "@/lib/http/problems";
import { fieldErrorsFromZod, pointerFromPath } from "@/lib/http/zod-errors";
import { parseDocument } from "./schema/compiled";
import { ContentInput, TemplateInput } from "./schema/template";
import { checkTemplateRules, type RuleReport } from "./validate-template";

const rec = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** universal_layout sections are references: their rows are ignored, so they are dropped before anything looks at them. */
function withoutLayoutRows(raw: unknown): unknown {
  const doc = rec(raw);
  if (!doc || !Array.isArray(doc.sections)) return raw;
  return {
    ...doc,
    sections: doc.sections.map((section) => {
      const s = rec(section);
      if (!s || s.type !== "universal_layout") return section;
      const { rows: _ignored, ...rest } = s;
      return rest;
    }),
  };
}

/** Zod errors, the rules' errors and the given extra errors, without noise inside read-only nodes or repeats. */
export function combineErrors(zodIssues: readonly z.core.$ZodIssue[], report: RuleReport, extra: FieldError[] = []): FieldError[] {
  const insideReadOnly = (pointer: string) => report.readOnly.some((p) => pointer === p || pointer.startsWith(p + "/"));
  // A missing enum or literal field comes as invalid_value; with reportInput set, no input means it is absent.
  const issues = zodIssues.map((i) =>
    i.code === "invalid_value" && i.input === undefined ? ({ ...i, code: "invalid_type", expected: "string" } as z.core.$ZodIssue) : i,
  );
  const all = [...fieldErrorsFromZod(issues).filter((e) => !insideReadOnly(e.pointer)), ...report.errors, ...extra];
  const seen = new Set<string>();
  return all.filter((e) => {
    const key = `${e.pointer} ${e.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function validationFailed(errors: FieldError[]): ApiProblem {
  return new ApiProblem("validation-failed", `${errors.length} field${errors.length === 1 ? " is" : "s are"} invalid`, { errors });
}

/** Errors for references to layouts the brand does not have. */
export async function missingLayoutErrors(brandId: string, refs: RuleReport["layoutRefs"]): Promise<FieldError[]> {
  if (refs.length === 0) return [];
  const wanted = [...new Set(refs.map((r) => r.layoutId))];
  const found = await db.universalLayout.findMany({ where: { brandId, id: { in: wanted } }, select: { id: true } });
  const known = new Set(found.map((l) => l.id));
  return refs
    .filter((r) => !known.has(r.layoutId))
    .map((r) => ({
      field: "sections.settings.universalLayoutID",
      pointer: pointerFromPath(r.path),
      code: "unknown_layout",
      message: `no universal layout ${r.layoutId} in this brand`,
    }));
}

export type ParsedTemplate = { input: TemplateInput; layoutIds: string[] };
export type ParsedContent = { input: ContentInput; layoutIds: string[] };

export function parseTemplateInput(brandId: string, raw: unknown): Promise<ParsedTemplate>;
export function parseTemplateInput(brandId: string, raw: unknown, schema: typeof ContentInput): Promise<ParsedContent>;
/** A template (or, with ContentInput, email content) payload validated: shape, rules and layout references. */
export async function parseTemplateInput(
  brandId: string,
  raw: unknown,
  schema: typeof TemplateInput | typeof ContentInput = TemplateInput,
): Promise<ParsedTemplate | ParsedContent> {
  const prepared = withoutLayoutRows(raw);
  // reportInput (set by parseDocument): zod 4 leaves `input` off issues otherwise, and a wrong type would read as "required".
  const parsed = parseDocument(schema, prepared);
  const report = checkTemplateRules(prepared);
  const errors = combineErrors(parsed.success ? [] : parsed.error.issues, report, await missingLayoutErrors(brandId, report.layoutRefs));
  if (errors.length > 0 || !parsed.success) throw validationFailed(errors);
  return { input: parsed.data, layoutIds: [...new Set(report.layoutRefs.map((r) => r.layoutId))] } as ParsedTemplate | ParsedContent;
}
