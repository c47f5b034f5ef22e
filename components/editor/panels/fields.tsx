"use client";
// Labelled inputs for the property panels, generated from field specs. Empty values clear the field.
import { useId } from "react";
import type { FieldSpec } from "./field-specs";
import { LIST_KEYS } from "./field-specs";

type Props = {
  specs: FieldSpec[];
  values: Record<string, unknown> | undefined;
  onChange: (key: string, value: unknown) => void;
  /** Error messages by field key (the API's pointer remainder). */
  errors?: Record<string, string>;
};

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
  const inner = { ...(current && typeof current === "object" ? (current as Record<string, unknown>) : {}), ...patchAt((current ?? {}) as Record<string, unknown>, rest.join("."), value) };
  for (const k of Object.keys(inner)) if (inner[k] === undefined) delete inner[k];
  return { [head]: Object.keys(inner).length ? inner : undefined };
}

export function Fields({ specs, values, onChange, errors }: Props) {
  return (
    <>
      {specs.map((spec) => (
        <FieldInput key={spec.key} spec={spec} value={valueAt(values, spec.key)} onChange={(v) => onChange(spec.key, v)} error={errors?.[spec.key.replaceAll(".", "/")]} />
      ))}
    </>
  );
}

function toText(value: unknown, key: string): string {
  if (value === undefined || value === null) return "";
  if (LIST_KEYS.has(key) && Array.isArray(value)) return value.join(", ");
  return String(value);
}

function fromText(text: string, spec: FieldSpec): unknown {
  if (spec.kind === "number") {
    if (text.trim() === "") return undefined;
    const n = Number(text);
    return Number.isFinite(n) ? n : undefined;
  }
  if (LIST_KEYS.has(spec.key)) {
    const items = text.split(",").map((s) => s.trim()).filter(Boolean);
    return items.length ? items : undefined;
  }
  // Required text fields keep an empty string (the API then names the problem); optional ones are removed.
  if (text === "") return spec.required ? "" : undefined;
  return text;
}

export function FieldInput({ spec, value, onChange, error }: { spec: FieldSpec; value: unknown; onChange: (value: unknown) => void; error?: string }) {
  const id = useId();
  const hintId = spec.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const common = { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy } as const;
  let control: React.ReactNode;
  if (spec.kind === "checkbox") {
    return (
      <div className="ed-field ed-field-check">
        <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked ? true : undefined)} />
        <label htmlFor={id}>{spec.label}</label>
        {error && (
          <p id={errorId} className="ed-field-error">
            {error}
          </p>
        )}
      </div>
    );
  }
  if (spec.kind === "select") {
    control = (
      <select {...common} className="ed-select" value={toText(value, spec.key)} onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)}>
        {!spec.required && <option value="">Default</option>}
        {spec.options!.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (spec.kind === "textarea") {
    control = <textarea {...common} className="ed-input ed-textarea" value={toText(value, spec.key)} onChange={(e) => onChange(fromText(e.target.value, spec))} rows={6} spellCheck={false} />;
  } else if (spec.kind === "color") {
    const text = toText(value, spec.key);
    control = (
      <div className="ed-color">
        <input
          type="color"
          aria-label={`${spec.label} picker`}
          value={/^#[0-9a-f]{6}$/i.test(text) ? text : "#ffffff"}
          onChange={(e) => onChange(e.target.value)}
          tabIndex={-1}
        />
        <input {...common} className="ed-input" value={text} placeholder={spec.placeholder ?? "#rrggbb"} onChange={(e) => onChange(fromText(e.target.value, spec))} />
      </div>
    );
  } else {
    control = (
      <input
        {...common}
        className="ed-input"
        inputMode={spec.kind === "number" ? "decimal" : undefined}
        value={toText(value, spec.key)}
        placeholder={spec.placeholder}
        onChange={(e) => onChange(fromText(e.target.value, spec))}
      />
    );
  }
  return (
    <div className="ed-field">
      <label htmlFor={id}>{spec.label}</label>
      {control}
      {spec.hint && (
        <p id={hintId} className="ed-hint">
          {spec.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ed-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
