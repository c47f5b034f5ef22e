"use client";
// The value inputs a filter needs for its kind and operator: a list of values (chips, or checkboxes for a
// fixed set), a number, a yes/no, a date, a number of days/weeks/months/years, or a range.
import { useMemo } from "react";
import { Control } from "@/components/ui/control";
import type { OperatorKind, Unit } from "@/lib/segments/vocabulary";
import { UNITS } from "@/lib/segments/vocabulary";
import type { DraftValues } from "./condition-builder-state";
import { NO_VALUE, RELATIVE, UNIT_WORDS, valueField } from "./filter-words";
import { SuggestInput } from "./suggest-input";
import "./segments.css";

type Option = { value: string; label: string };

type Props = {
  id: string;
  kind: OperatorKind | "birthday";
  operator: string;
  draft: DraftValues;
  onChange: (patch: Partial<DraftValues>) => void;
  error: (field: string) => string | undefined;
  /** values to suggest while typing (tags, profile and custom values, event property values) */
  suggestions?: string[];
  /** a fixed set of values: checkboxes instead of free text */
  options?: Option[];
  /** what one value is called ("tag", "value") */
  noun?: string;
};

/** Free text values as chips: Enter or a comma adds the typed value, picking a suggestion adds it. Text
 * still in the input counts too (it is not turned into a chip on blur: the chip list appearing would move
 * what the person clicked). */
function ChipsInput({
  id,
  draft,
  onChange,
  error,
  suggestions = [],
  noun = "value",
}: Pick<Props, "id" | "draft" | "onChange" | "error" | "suggestions" | "noun">) {
  const offered = useMemo(
    () => suggestions.filter((s) => !draft.values.includes(s)).map((value) => ({ value })),
    [suggestions, draft.values],
  );
  const add = (typed: string[]) => {
    if (typed.length) onChange({ values: [...draft.values, ...typed.filter((v) => !draft.values.includes(v))], value: "" });
  };
  return (
    <div className="field grow chips-field">
      <Control
        id={`${id}-value`}
        label={draft.values.length ? `Add another ${noun}` : `${noun[0].toUpperCase()}${noun.slice(1)}`}
        error={error("value")}
        hint={offered.length ? "Choose a suggestion or type, then press Enter" : "Press Enter after each one"}
      >
        {(control) => (
          <SuggestInput
            control={control}
            value={draft.value}
            suggestions={offered}
            onChange={(value) => onChange({ value })}
            onPick={(value) => add([value])}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === ",") {
                e.preventDefault();
                add(
                  draft.value
                    .split(",")
                    .map((v) => v.trim())
                    .filter(Boolean),
                );
              } else if (e.key === "Backspace" && !draft.value && draft.values.length) {
                onChange({ values: draft.values.slice(0, -1) });
              }
            }}
          />
        )}
      </Control>
      {draft.values.length > 0 && (
        <ul className="chip-list" aria-label={`Chosen ${noun}s`}>
          {draft.values.map((v) => (
            <li key={v} className="chip">
              <span>{v}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${noun} ${v}`}
                onClick={() => onChange({ values: draft.values.filter((x) => x !== v) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Checkboxes({
  id,
  draft,
  onChange,
  error,
  options,
  noun = "value",
}: Pick<Props, "id" | "draft" | "onChange" | "error" | "noun"> & { options: Option[] }) {
  const errorId = `${id}-values-error`;
  return (
    <fieldset className="field grow checkbox-group" aria-describedby={error("value") ? errorId : undefined}>
      <legend className="label">{`${noun[0].toUpperCase()}${noun.slice(1)}s`}</legend>
      <div className="checkbox-row">
        {options.map((o) => (
          <label key={o.value} className="checkbox">
            <input
              type="checkbox"
              checked={draft.values.includes(o.value)}
              onChange={(e) =>
                onChange({ values: e.target.checked ? [...draft.values, o.value] : draft.values.filter((v) => v !== o.value) })
              }
            />{" "}
            {o.label}
          </label>
        ))}
      </div>
      {error("value") && (
        <p id={errorId} className="field-error">
          {error("value")}
        </p>
      )}
    </fieldset>
  );
}

function isDateOnly(value: string) {
  return value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value);
}

export function FilterValues(props: Props) {
  const { id, kind, operator, draft, onChange, error } = props;
  if (NO_VALUE.has(operator)) return null;
  // Labels from valueField, which also names these inputs in the form's error summary.
  const input = (field: "value" | "valueFrom" | "valueTo", type: "number" | "date" | "text", className = "narrow") => (
    <Control id={`${id}-${field}`} label={valueField(kind, operator, field).label} error={error(field)} className={className}>
      {(control) => (
        <input
          {...control}
          className="input"
          type={type === "date" && !isDateOnly(draft[field]) ? "text" : type}
          inputMode={type === "number" ? "decimal" : undefined}
          value={draft[field]}
          onChange={(e) => onChange({ [field]: e.target.value })}
        />
      )}
    </Control>
  );
  if (RELATIVE.has(operator)) {
    return (
      <>
        {input("value", "number")}
        <Control id={`${id}-unit`} label={valueField(kind, operator, "unit").label} error={error("unit")} className="narrow">
          {(control) => (
            <select {...control} className="input" value={draft.unit} onChange={(e) => onChange({ unit: e.target.value as Unit })}>
              {UNITS.map((u) => (
                <option key={u} value={u}>
                  {UNIT_WORDS[u]}
                </option>
              ))}
            </select>
          )}
        </Control>
      </>
    );
  }
  if (operator === "between") {
    const type = kind === "number" ? "number" : "date";
    return (
      <>
        {input("valueFrom", type)}
        {input("valueTo", type)}
      </>
    );
  }
  switch (kind) {
    case "number":
      return input("value", "number");
    case "date":
    case "birthday":
      return input("value", "date");
    case "bool":
      return (
        <Control id={`${id}-value`} label={valueField(kind, operator, "value").label} error={error("value")} className="narrow">
          {(control) => (
            <select {...control} className="input" value={draft.value || "true"} onChange={(e) => onChange({ value: e.target.value })}>
              <option value="true">Yes (true)</option>
              <option value="false">No (false)</option>
            </select>
          )}
        </Control>
      );
    default:
      return props.options ? <Checkboxes {...props} options={props.options} /> : <ChipsInput {...props} />;
  }
}
