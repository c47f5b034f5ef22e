// Rules that read more than one field of an object schema (one identifier given, a channel named twice),
// written so that they can never see a value of another type than the schema says.
//
// zod runs an object's refinements after its fields. By default it skips them once any field failed its
// type, so a request with a wrong type somewhere learned the cross-field problems only on its next try,
// against the API contract's "all validation failures of a request are reported at once". Schemas then
// passed their own `when` (run whenever the value is an object), and their rules ran on fields that had
// failed their types: `{"email": 12345}` reached `email.trim()` and answered 500 (issue 26).
//
// crossField runs a rule when the fields it reads are valid, whatever happened to the other fields, and
// hands the rule only those fields (TypeScript refuses a read of any other one). Every
// refinement in the project either goes through here or keeps zod's default.
import type { z } from "zod";

type Payload = z.core.ParsePayload;

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as z.core.$ZodType)._zod.def as unknown as Def;

/** Whether a schema may change a value's type somewhere inside (a transform, a pipe), following wrappers and children. */
export function containsTransform(schema: unknown, seen = new Set<unknown>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = defOf(schema);
  const any = (children: unknown[]) => children.some((child) => child !== undefined && containsTransform(child, seen));
  switch (def.type) {
    case "transform":
    case "pipe": // its output schema may take another type than its input (z.coerce, a codec)
      return true;
    case "array":
      return any([def.element]);
    case "object":
      return any([...Object.values(def.shape as Record<string, unknown>), def.catchall]);
    case "record":
      return any([def.keyType, def.valueType]);
    case "union":
      return any(def.options as unknown[]);
    case "intersection":
      return any([def.left, def.right]);
    case "tuple":
      return any([...(def.items as unknown[]), def.rest]);
    case "lazy":
      return any([(def.getter as () => unknown)()]);
    default:
      // optional, nullable, default, readonly, catch, ...: the wrapped schema decides
      return "innerType" in def ? any([def.innerType]) : false;
  }
}

/** Issues the rules below added: they describe the input, never change a value. */
const ruleIssues = new WeakSet<object>();

/**
 * zod's `when`: the value is an object, nothing aborted the object itself, and each of `fields` holds its
 * schema's output type. A wrong type, a failed union or enum aborts (`continue` is not true). A failed check
 * (too long, too small, a field's own refinement) continues and leaves the value's type as it was, unless a
 * transform should have run after it (zod stops a pipe at any issue): in `transformed` fields any issue
 * counts. Issues of other cross-field rules never do.
 */
export function whenFieldsValid(fields: readonly PropertyKey[], transformed: ReadonlySet<PropertyKey>): (payload: Payload) => boolean {
  return (payload) => {
    const value = payload.value;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    return payload.issues.every((issue) => {
      if (ruleIssues.has(issue)) return true;
      const head = issue.path?.[0];
      if (head === undefined) return issue.continue === true; // the object itself (an unknown key continues)
      if (!fields.includes(head)) return true;
      return issue.continue === true && !transformed.has(head);
    });
  };
}

/** `schema` with `rule` over `fields`, run once those fields hold their types (see above). */
export function crossField<S extends z.ZodType<object>, K extends keyof z.output<S> & string>(
  schema: S,
  fields: readonly K[],
  rule: (value: Pick<z.output<S>, K>, ctx: z.RefinementCtx) => void,
): S {
  const shape = defOf(schema).shape as Record<string, unknown> | undefined;
  const transformed = new Set<PropertyKey>(fields.filter((field) => !shape?.[field] || containsTransform(shape[field])));
  return schema.superRefine(
    (value, ctx) => {
      const before = ctx.issues.length;
      rule(value, ctx);
      for (const issue of ctx.issues.slice(before)) ruleIssues.add(issue);
    },
    { when: whenFieldsValid(fields, transformed) },
  ) as S;
}
