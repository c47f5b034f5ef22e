// Turns zod issues into the contract's field errors: `field` is the dot path without indices (what
// existing clients read), `pointer` the RFC 6901 JSON Pointer with indices (what a person needs).
import type { z } from "zod";
import type { FieldError } from "./problems";

type Issue = z.core.$ZodIssue;
type Segment = PropertyKey;

export function fieldFromPath(path: readonly Segment[]): string {
  return path
    .filter((p) => typeof p !== "number")
    .map(String)
    .join(".");
}

export function pointerFromPath(path: readonly Segment[]): string {
  return path.map((p) => "/" + String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

// zod 4 keeps the offending input only when parsing with { reportInput: true }; without it the
// default message still says what was received.
function isMissing(issue: Issue): boolean {
  if (issue.code !== "invalid_type") return false;
  return "input" in issue ? issue.input === undefined : /received undefined$/.test(issue.message);
}

function codeOf(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return isMissing(issue) ? "required" : "invalid_type";
    case "too_small":
      return "too_small";
    case "too_big":
      return "too_big";
    case "invalid_value":
      return "invalid_value";
    case "unrecognized_keys":
      return "unknown_field";
    case "invalid_format":
      return "invalid_format";
    case "custom":
      return (issue.params?.code as string | undefined) ?? "invalid";
    default:
      return issue.code;
  }
}

/** Flattens union issues to the most specific branch errors so a person sees what is wrong. */
function flatten(issues: readonly Issue[], prefix: readonly Segment[] = []): { issue: Issue; path: Segment[] }[] {
  const out: { issue: Issue; path: Segment[] }[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) out.push({ issue: { ...issue, message: `unknown field "${key}"` }, path: [...path, key] });
    } else {
      out.push({ issue, path });
    }
  }
  return out;
}

export function fieldErrorsFromZod(issues: readonly Issue[], prefix: readonly Segment[] = []): FieldError[] {
  return flatten(issues, prefix).map(({ issue, path }) => ({
    field: fieldFromPath(path),
    pointer: pointerFromPath(path),
    code: codeOf(issue),
    message: isMissing(issue) ? "is required" : issue.message,
  }));
}
