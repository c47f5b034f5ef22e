"use client";
// Editing a list inside a node (menu items, social links, web fonts): fields per item, add, remove, reorder.
import { newNodeId } from "../state/client-id";
import type { FieldSpec } from "./field-specs";
import { FieldInput } from "./fields";

type Props<T> = {
  label: string;
  /** How one item is called in the buttons' names ("Remove link 2"). */
  itemName: string;
  items: T[];
  fields: FieldSpec[];
  make: (newId: () => string) => T;
  onChange: (items: T[]) => void;
  errors: Record<string, string>;
  hint?: string;
  max?: number;
};

export function ListEditor<T extends object>({ label, itemName, items, fields, make, onChange, errors, hint, max = 20 }: Props<T>) {
  const replace = (index: number, item: T) => onChange(items.map((it, i) => (i === index ? item : it)));
  const move = (index: number, delta: number) => {
    const next = items.slice();
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item);
    onChange(next);
  };
  return (
    <fieldset className="ed-group">
      <legend>{label}</legend>
      {hint && <p className="ed-hint">{hint}</p>}
      <ol className="ed-list">
        {items.map((item, index) => (
          <li key={(item as { id?: string }).id ?? index} className="ed-list-item">
            {fields.map((spec) => (
              <FieldInput
                key={spec.key}
                spec={{ ...spec, label: `${spec.label} ${index + 1}` }}
                value={(item as Record<string, unknown>)[spec.key]}
                onChange={(value) => replace(index, { ...item, [spec.key]: value ?? "" })}
                error={errors[`${index}/${spec.key}`]}
              />
            ))}
            <div className="ed-list-actions">
              <button
                type="button"
                className="ed-tool"
                aria-label={`Move ${itemName} ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="ed-tool"
                aria-label={`Move ${itemName} ${index + 1} down`}
                disabled={index === items.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="ed-tool ed-tool-danger"
                aria-label={`Remove ${itemName} ${index + 1}`}
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                ✕
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="ed-btn" onClick={() => onChange([...items, make(newNodeId)])} disabled={items.length >= max}>
        Add a {itemName}
      </button>
    </fieldset>
  );
}
