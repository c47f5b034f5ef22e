"use client";
// Custom properties as key / type / value rows; the type decides whether the value is sent as text,
// a number or true/false.
import type { CustomDraft } from "./contact-form-model";
import "./contacts.css";

type Props = { rows: CustomDraft[]; onChange: (rows: CustomDraft[]) => void; error: (input: string) => string | undefined };

export function CustomPropertiesEditor({ rows, onChange, error }: Props) {
  const update = (index: number, patch: Partial<CustomDraft>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <fieldset className="fieldset" aria-describedby={error("custom") ? "custom-error" : undefined}>
      <legend>Custom properties</legend>
      {rows.map((row, index) => {
        const rowError = error(`custom.${index}`);
        const errorId = rowError ? `custom-${index}-error` : undefined;
        const common = { "aria-invalid": rowError ? (true as const) : undefined, "aria-describedby": errorId };
        return (
          <div key={index} className="custom-row">
            <div className="form-row form-row-end">
              <div className="field grow">
                <label className="label" htmlFor={`custom-${index}-key`}>
                  Key
                </label>
                <input
                  id={`custom-${index}-key`}
                  className="input"
                  value={row.key}
                  onChange={(e) => update(index, { key: e.target.value })}
                  {...common}
                />
              </div>
              <div className="field">
                <label className="label" htmlFor={`custom-${index}-type`}>
                  Type
                </label>
                <select
                  id={`custom-${index}-type`}
                  className="input"
                  value={row.valueType}
                  onChange={(e) => {
                    const valueType = e.target.value as CustomDraft["valueType"];
                    update(index, { valueType, value: valueType === "boolean" ? "true" : row.value });
                  }}
                >
                  <option value="string">Text</option>
                  <option value="number">Number</option>
                  <option value="boolean">Yes / no</option>
                </select>
              </div>
              <div className="field grow">
                <label className="label" htmlFor={`custom-${index}-value`}>
                  Value
                </label>
                {row.valueType === "boolean" ? (
                  <select
                    id={`custom-${index}-value`}
                    className="input"
                    value={row.value}
                    onChange={(e) => update(index, { value: e.target.value })}
                    {...common}
                  >
                    <option value="true">Yes (true)</option>
                    <option value="false">No (false)</option>
                  </select>
                ) : (
                  <input
                    id={`custom-${index}-value`}
                    className="input"
                    inputMode={row.valueType === "number" ? "decimal" : undefined}
                    value={row.value}
                    onChange={(e) => update(index, { value: e.target.value })}
                    {...common}
                  />
                )}
              </div>
              <button
                type="button"
                className="btn btn-danger-ghost btn-sm"
                aria-label={`Remove property ${row.key || index + 1}`}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </div>
            {rowError && (
              <p id={errorId} className="field-error">
                {rowError}
              </p>
            )}
          </div>
        );
      })}
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => onChange([...rows, { key: "", value: "", valueType: "string" }])}
      >
        Add property
      </button>
      {error("custom") && (
        <p id="custom-error" className="field-error">
          {error("custom")}
        </p>
      )}
    </fieldset>
  );
}
