// Reading and writing the panels' values: dotted keys into nested objects, and the text a person types
// into the value stored (a bare number in a length field means pixels).
import type { FieldSpec } from "./field-specs";

/** The value at a dotted key ("button.text"). */
export function valueAt(values: Record<string, unknown> | undefined, key: string): unknown {
  let at: unknown = values;
  for (const part of key.split(".")) at = at && typeof at === "object" ? (at as Record<string, unknown>)[part] : undefined;
  return at;
}

/**
 * The top-level patch that sets a dotted key: `button.text` → { button: { ...button, text } }. Emptied
 * objects are removed, so clearing the last field of an object removes the object.
 */
export function patchAt(values: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = key.split(".");
  if (rest.length === 0) return { [head]: value };
  const current = values[head];
  const inner = {
    ...(current && typeof current === "object" ? (current as Record<string, unknown>) : {}),
    ...patchAt((current ?? {}) as Record<string, unknown>, rest.join("."), value),
  };
  for (const k of Object.keys(inner)) if (inner[k] === undefined) delete inner[k];
  return { [head]: Object.keys(inner).length ? inner : undefined };
}

/** An object with one key set or removed (removed when the value is undefined); undefined when nothing is left. */
export function withField<T extends object>(current: T | undefined, field: string, value: unknown): T | undefined {
  const next: Record<string, unknown> = { ...(current ?? {}), [field]: value };
  if (value === undefined) delete next[field];
  return Object.keys(next).length ? (next as T) : undefined;
}

/** An object with several keys set or removed at once (see withField). */
export function withFields<T extends object>(current: T | undefined, patch: Record<string, unknown>): T | undefined {
  return Object.entries(patch).reduce<T | undefined>((acc, [field, value]) => withField(acc, field, value), current);
}

export function toText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return String(value);
}

const BARE_NUMBER = /^\s*(-?\d+(?:\.\d+)?)\s*$/;

/** The stored value for what a person typed; undefined removes the field. */
export function fromText(text: string, spec: Pick<FieldSpec, "kind" | "required">): unknown {
  if (spec.kind === "number") {
    if (text.trim() === "") return undefined;
    const n = Number(text);
    return Number.isFinite(n) ? n : undefined;
  }
  if (spec.kind === "length" || spec.kind === "signedLength") {
    const bare = BARE_NUMBER.exec(text);
    if (bare) return Number(bare[1]) === 0 ? "0px" : `${bare[1]}px`;
    if (text.trim() === "") return undefined;
    return text.trim();
  }
  // Required text fields keep an empty string (the API then names the problem); optional ones are removed.
  if (text === "") return spec.required ? "" : undefined;
  return text;
}
