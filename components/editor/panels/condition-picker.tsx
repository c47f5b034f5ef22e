"use client";
// Conditional content (published Filter): who sees a section or block. "Everyone", or contacts matching
// all (or any) of a list of conditions, each a contact field or custom property, a comparison in words
// and a value; a sentence under the list says what was chosen.
import { useId } from "react";
import { useCustomPropertyKeys } from "../data/custom-property-keys";
import { CONDITION_FIELDS, OPERATOR_OPTIONS, describeFilter, fieldOfRule, ruleForField, type Filter, type Rule } from "./conditions";

type Props = {
  /** "section" or "block": how the texts name the node. */
  what: string;
  filter: Filter | undefined;
  onChange: (filter: Filter | undefined) => void;
  errors: Record<string, string>;
};

const CUSTOM = "__custom";
const NO_VALUE = new Set(["exists", "notExists"]);

export function ConditionPicker({ what, filter, onChange, errors }: Props) {
  const id = useId();
  const rules = filter?.rules ?? [];
  const conditional = rules.length > 0;
  const keys = useCustomPropertyKeys(conditional);
  const setRules = (next: Rule[]) => onChange(next.length ? { operator: filter?.operator ?? "and", rules: next } : undefined);
  const setRule = (index: number, patch: Partial<Rule>) => setRules(rules.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const summary = describeFilter(filter);
  return (
    <details className="ed-group" open={conditional || undefined}>
      <summary>Who sees this {what}</summary>
      <div role="radiogroup" aria-label={`Who sees this ${what}`} className="ed-radio-list">
        <label>
          <input type="radio" name={`${id}-who`} checked={!conditional} onChange={() => onChange(undefined)} /> Everyone
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-who`}
            checked={conditional}
            onChange={() => !conditional && setRules([ruleForField("first_name")])}
          />{" "}
          Only contacts who match conditions
        </label>
      </div>
      {conditional && (
        <>
          {rules.length > 1 && (
            <div className="ed-field">
              <label htmlFor={`${id}-match`}>Show when the contact matches</label>
              <select
                id={`${id}-match`}
                className="ed-select"
                value={filter?.operator ?? "and"}
                onChange={(e) => onChange({ operator: e.target.value, rules })}
              >
                <option value="and">all of these conditions</option>
                <option value="or">any of these conditions</option>
              </select>
            </div>
          )}
          <ol className="ed-conditions">
            {rules.map((rule, index) => (
              <ConditionRow
                key={index}
                n={index + 1}
                rule={rule}
                keys={keys}
                errors={Object.fromEntries(
                  Object.entries(errors)
                    .filter(([k]) => k.startsWith(`rules/${index}/`))
                    .map(([k, v]) => [k.slice(`rules/${index}/`.length), v]),
                )}
                onChange={(patch) => setRule(index, patch)}
                onRemove={() => setRules(rules.filter((_, i) => i !== index))}
              />
            ))}
          </ol>
          <button
            type="button"
            className="ed-btn"
            onClick={() => setRules([...rules, ruleForField("first_name")])}
            disabled={rules.length >= 50}
          >
            Add a condition
          </button>
          <p className="ed-condition-summary" data-testid="condition-summary" aria-live="polite">
            {summary}
          </p>
        </>
      )}
      {errors.operator && (
        <p className="ed-field-error" role="alert">
          {errors.operator}
        </p>
      )}
    </details>
  );
}

function ConditionRow({
  n,
  rule,
  keys,
  errors,
  onChange,
  onRemove,
}: {
  n: number;
  rule: Rule;
  keys: string[];
  errors: Record<string, string>;
  onChange: (patch: Partial<Rule>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const field = fieldOfRule(rule);
  const custom = field === null;
  const operators = OPERATOR_OPTIONS(rule.property?.type);
  return (
    <li className="ed-condition" aria-label={`Condition ${n}`}>
      <div className="ed-field">
        <label htmlFor={`${id}-field`}>Contact detail</label>
        <select
          id={`${id}-field`}
          className="ed-select"
          value={custom ? CUSTOM : field}
          onChange={(e) =>
            onChange({ property: e.target.value === CUSTOM ? { isSystem: false, type: "string" } : ruleForField(e.target.value).property })
          }
        >
          {CONDITION_FIELDS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
          <option value={CUSTOM}>A custom property…</option>
        </select>
      </div>
      {custom && (
        <div className="ed-field">
          <label htmlFor={`${id}-key`}>Custom property</label>
          <input
            id={`${id}-key`}
            className="ed-input"
            list={`${id}-keys`}
            placeholder="e.g. tier"
            value={rule.property?.id ?? ""}
            aria-invalid={errors["property/id"] ? true : undefined}
            onChange={(e) => {
              const key = e.target.value.trim();
              onChange({ property: { ...(key ? { id: key, name: key } : {}), isSystem: false, type: rule.property?.type ?? "string" } });
            }}
          />
          <datalist id={`${id}-keys`}>
            {keys.map((k) => (
              <option key={k} value={k} />
            ))}
          </datalist>
          {errors["property/id"] && (
            <p className="ed-field-error" role="alert">
              {errors["property/id"]}
            </p>
          )}
        </div>
      )}
      <div className="ed-field">
        <label htmlFor={`${id}-op`}>Comparison</label>
        <select
          id={`${id}-op`}
          className="ed-select"
          value={rule.operator ?? "equals"}
          onChange={(e) => onChange({ operator: e.target.value, ...(NO_VALUE.has(e.target.value) ? { value: undefined } : {}) })}
        >
          {operators.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {errors.operator && (
          <p className="ed-field-error" role="alert">
            {errors.operator}
          </p>
        )}
      </div>
      {!NO_VALUE.has(rule.operator ?? "equals") && (
        <div className="ed-field">
          <label htmlFor={`${id}-value`}>Value</label>
          <input
            id={`${id}-value`}
            className="ed-input"
            type={rule.property?.type === "date" ? "date" : "text"}
            value={rule.value ?? ""}
            aria-invalid={errors.value ? true : undefined}
            onChange={(e) => onChange({ value: e.target.value === "" ? undefined : e.target.value })}
          />
          {errors.value && (
            <p className="ed-field-error" role="alert">
              {errors.value}
            </p>
          )}
        </div>
      )}
      <button type="button" className="ed-btn ed-btn-danger" onClick={onRemove} aria-label={`Remove condition ${n}`}>
        Remove
      </button>
    </li>
  );
}
