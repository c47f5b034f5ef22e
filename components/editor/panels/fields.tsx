"use client";
// Labelled inputs for the property panels, generated from field specs. Empty values clear the field.
// Text inputs keep what is typed while they have focus (a length typed as "16" is stored as "16px" but
// stays "16" under the cursor), and show the stored value again on blur.
import { useId, useState } from "react";
import { useEditor } from "../state/store";
import { BACKGROUND_KEYS } from "./background-image";
import { BackgroundImageField } from "./background-image-field";
import type { FieldSpec } from "./field-specs";
import { fromText, toText, valueAt } from "./field-values";
import { fontChoices, webFontNames } from "./fonts";

export { patchAt, valueAt } from "./field-values";

type Props = {
  specs: FieldSpec[];
  values: Record<string, unknown> | undefined;
  onChange: (key: string, value: unknown) => void;
  /**
   * Several keys changed as one edit: a background image writes its library id and its address together.
   * Needed when `specs` hold a background image field.
   */
  onPatch?: (patch: Record<string, unknown>) => void;
  /** Error messages by field key (the API's pointer remainder). */
  errors?: Record<string, string>;
  /** Lay the fields out two by two (paddings). */
  compact?: boolean;
};

export function Fields({ specs, values, onChange, onPatch, errors, compact }: Props) {
  const fields = specs.map((spec) =>
    spec.kind === "backgroundImage" ? (
      <BackgroundImageField
        key={spec.key}
        spec={spec}
        values={values}
        onPatch={onPatch ?? missingOnPatch}
        error={BACKGROUND_KEYS.map((k) => errors?.[k]).find(Boolean)}
      />
    ) : (
      <FieldInput
        key={spec.key}
        spec={spec}
        value={valueAt(values, spec.key)}
        onChange={(v) => onChange(spec.key, v)}
        error={errors?.[spec.key.replaceAll(".", "/")]}
      />
    ),
  );
  return compact ? <div className="ed-field-grid">{fields}</div> : <>{fields}</>;
}

function missingOnPatch(): never {
  throw new Error("Fields: a background image field needs onPatch (two keys change together)");
}

type InputProps = { spec: FieldSpec; value: unknown; onChange: (value: unknown) => void; error?: string };

export function FieldInput({ spec, value, onChange, error }: InputProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const shownError = localError ?? error;
  const hintId = spec.hint ? `${id}-hint` : undefined;
  const errorId = shownError ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const common = { id, "aria-invalid": shownError ? true : undefined, "aria-describedby": describedBy } as const;
  const errorText = shownError && (
    <p id={errorId} className="ed-field-error" role="alert">
      {shownError}
    </p>
  );
  if (spec.kind === "checkbox") {
    return (
      <div className="ed-field ed-field-check">
        <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked ? true : undefined)} />
        <label htmlFor={id}>{spec.label}</label>
        {spec.hint && (
          <p id={hintId} className="ed-hint">
            {spec.hint}
          </p>
        )}
        {errorText}
      </div>
    );
  }
  const text = draft ?? toText(value);
  const typed = {
    ...common,
    value: text,
    onFocus: () => setDraft(toText(value)),
    onBlur: () => setDraft(null),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = e.target.value;
      setDraft(next);
      if (spec.kind === "number" && next.trim() !== "" && !Number.isFinite(Number(next))) {
        setLocalError("Enter a number");
        return;
      }
      setLocalError(null);
      onChange(fromText(next, spec));
    },
  };
  let control: React.ReactNode;
  if (spec.kind === "select") {
    control = (
      <select
        {...common}
        className="ed-select"
        value={toText(value)}
        onChange={(e) => onChange(e.target.value === "" ? undefined : e.target.value)}
      >
        {!spec.required && <option value="">Default</option>}
        {value !== undefined && !spec.options!.some((o) => o.value === value) && <option value={toText(value)}>{toText(value)}</option>}
        {spec.options!.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (spec.kind === "font") {
    control = <FontSelect common={common} value={typeof value === "string" ? value : undefined} onChange={onChange} />;
  } else if (spec.kind === "textarea") {
    control = <textarea {...typed} className="ed-input ed-textarea" rows={6} spellCheck={false} />;
  } else if (spec.kind === "color") {
    control = (
      <div className="ed-color">
        <input
          type="color"
          aria-label={`${spec.label}: colour picker`}
          value={/^#[0-9a-f]{6}$/i.test(text) ? text : "#ffffff"}
          onChange={(e) => onChange(e.target.value)}
          tabIndex={-1}
        />
        <input {...typed} className="ed-input" placeholder={spec.placeholder ?? "#rrggbb"} />
      </div>
    );
  } else if (spec.kind === "image") {
    const previewable = /^https?:\/\/\S+$|^\/(?!\/)\S+$/.test(toText(value));
    control = (
      <div className="ed-image-field">
        <input {...typed} className="ed-input" placeholder={spec.placeholder} inputMode="url" />
        {previewable && (
          // eslint-disable-next-line @next/next/no-img-element -- the email's own image, shown as a thumbnail
          <img
            className="ed-image-thumb"
            src={toText(value)}
            alt=""
            onError={(e) => (e.currentTarget.hidden = true)}
            onLoad={(e) => (e.currentTarget.hidden = false)}
          />
        )}
      </div>
    );
  } else {
    control = (
      <input {...typed} className="ed-input" inputMode={spec.kind === "number" ? "decimal" : undefined} placeholder={spec.placeholder} />
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
      {errorText}
    </div>
  );
}

function FontSelect({
  common,
  value,
  onChange,
}: {
  common: Record<string, unknown>;
  value: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const webFonts = useEditor((s) => webFontNames(s.doc));
  return (
    <select {...common} className="ed-select" value={value ?? ""} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">Default</option>
      {fontChoices(webFonts, value).map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
