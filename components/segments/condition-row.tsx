"use client";
// One condition of the segment builder: its type, then the inputs that type needs.
import { Control } from "@/components/ui/control";
import { STATUS_OPTIONS } from "@/components/contacts/status-badge";
import { PROFILE_LABELS } from "@/components/contacts/profile-fields";
import { CONDITION_TYPES, OPERATORS, type ConditionType, type DraftCondition } from "./condition-builder-state";

type Props = {
  condition: DraftCondition;
  /** "Group 1, condition 2": prefixes the remove button's name so each is distinct for screen readers */
  position: string;
  error: (field: string) => string | undefined;
  onType: (type: ConditionType) => void;
  onChange: (patch: Partial<Omit<DraftCondition, "key" | "type">>) => void;
  onRemove: () => void;
  eventNamesListId?: string;
};

const NO_VALUE = new Set(["exists", "notExists"]);

export function ConditionRow({ condition: c, position, error, onType, onChange, onRemove, eventNamesListId }: Props) {
  const id = (field: string) => `${c.key}-${field}`;
  const select = (field: keyof DraftCondition, label: string, options: { value: string; label: string }[]) => (
    <Control id={id(field)} label={label} error={error(field)}>
      {(control) => (
        <select {...control} className="input" value={String(c[field])} onChange={(e) => onChange({ [field]: e.target.value })}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Control>
  );
  const input = (field: keyof DraftCondition, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Control id={id(field)} label={label} error={error(field)} className={extra.type === "number" ? "narrow" : "grow"}>
      {(control) => <input {...control} className="input" value={String(c[field])} onChange={(e) => onChange({ [field]: e.target.value })} {...extra} />}
    </Control>
  );
  const operator = select("operator", "Operator", OPERATORS[c.type]);

  return (
    <li className="condition-row" aria-label={position}>
      <Control id={id("type")} label="Condition">
        {(control) => (
          <select {...control} className="input" value={c.type} onChange={(e) => onType(e.target.value as ConditionType)}>
            {CONDITION_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        )}
      </Control>
      {c.type === "event" && (
        <>
          {operator}
          {input("eventName", "Event name", { list: eventNamesListId, autoComplete: "off", placeholder: "e.g. viewed product" })}
          {input("atLeast", "At least (times)", { type: "number", min: 1, inputMode: "numeric" })}
          {input("withinLastDays", "In the last (days)", { type: "number", min: 1, inputMode: "numeric", placeholder: "any time" })}
        </>
      )}
      {c.type === "status" && (
        <>
          {select("field", "Channel", [{ value: "email", label: "Email" }, { value: "sms", label: "SMS" }])}
          {operator}
          {select("value", "Status", STATUS_OPTIONS)}
        </>
      )}
      {c.type === "tag" && (
        <>
          {operator}
          {input("value", "Tag")}
        </>
      )}
      {c.type === "profile" && (
        <>
          {select("field", "Field", PROFILE_LABELS.map((f) => ({ value: f.name, label: f.label })))}
          {operator}
          {!NO_VALUE.has(c.operator) && input("value", "Value")}
        </>
      )}
      {c.type === "customProperty" && (
        <>
          {input("field", "Property key")}
          {operator}
          {!NO_VALUE.has(c.operator) && (
            <>
              {select("valueType", "Value type", [{ value: "string", label: "Text" }, { value: "number", label: "Number" }, { value: "boolean", label: "Yes / no" }])}
              {c.valueType === "boolean" ? select("value", "Value", [{ value: "true", label: "Yes (true)" }, { value: "false", label: "No (false)" }]) : input("value", "Value")}
            </>
          )}
        </>
      )}
      {c.type === "date" && (
        <>
          {select("field", "Date", [{ value: "createdAt", label: "Created" }, { value: "updatedAt", label: "Updated" }])}
          {operator}
          {c.operator === "withinLastDays" ? input("value", "Days", { type: "number", min: 1, inputMode: "numeric" }) : input("value", "Date and time", { type: "datetime-local" })}
        </>
      )}
      <button type="button" className="btn btn-danger-ghost btn-sm condition-remove" aria-label={`Remove ${position.toLowerCase()}`} onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}
