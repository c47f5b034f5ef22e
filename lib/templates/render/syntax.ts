// Personalization tag syntax: a `[[` must be closed by `]]` before the next `[[` (published: 422 for a
// template syntax error). Unknown but well-formed tags are warnings, not errors (tags.ts).
import { ApiProblem, type FieldError } from "@/lib/http/problems";
import { fieldFromPath, pointerFromPath } from "@/lib/http/zod-errors";

type Path = (string | number)[];

/** Where a string first opens a tag it never closes, or -1. */
export function unclosedTag(text: string): number {
  let at = text.indexOf("[[");
  while (at !== -1) {
    const close = text.indexOf("]]", at + 2);
    const next = text.indexOf("[[", at + 2);
    if (close === -1 || (next !== -1 && next < close)) return at;
    at = text.indexOf("[[", close + 2);
  }
  return -1;
}

/** Every string of the sections with an unclosed tag, as field errors. */
export function tagSyntaxErrors(sections: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const walk = (value: unknown, path: Path) => {
    if (typeof value === "string") {
      const at = unclosedTag(value);
      if (at !== -1) {
        const near = value.slice(at, at + 40);
        errors.push({
          field: fieldFromPath(path),
          pointer: pointerFromPath(path),
          code: "unclosed_tag",
          message: `a personalization tag opened with [[ is not closed with ]]: "${near}"`,
        });
      }
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(sections, ["sections"]);
  return errors;
}

export function assertTagSyntax(sections: unknown): void {
  const errors = tagSyntaxErrors(sections);
  if (errors.length)
    throw new ApiProblem("template-syntax", `${errors.length} personalization tag${errors.length === 1 ? " is" : "s are"} not closed`, {
      errors,
    });
}
