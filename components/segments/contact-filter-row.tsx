"use client";
// One contact filter: which property, how it compares, and the values it takes (with the brand's tags and
// custom property names as suggestions).
import { useMemo } from "react";
import { Control } from "@/components/ui/control";
import {
  CONSENT_CHANNELS,
  LIFECYCLE_STAGES,
  PROFILE_SUGGESTION_FIELDS,
  SUBSCRIPTION_CHANNELS,
  VALUE_TYPES,
  type ContactProperty,
  type ProfileSuggestionField,
  type ValueType,
} from "@/lib/segments/vocabulary";
import { kindOf, operatorsOf, type Channel, type DraftContactFilter } from "./condition-builder-state";
import { FilterValues } from "./filter-values";
import { CHANNEL_WORDS, OPERATOR_WORDS, PROPERTY_GROUPS, STAGE_WORDS, STATUS_WORDS, VALUE_TYPE_WORDS, listNoun } from "./filter-words";
import type { SegmentSuggestions } from "./segments-client";
import { SuggestInput } from "./suggest-input";
import "./segments.css";

type Props = {
  filter: DraftContactFilter;
  position: string;
  suggestions?: SegmentSuggestions;
  error: (field: string) => string | undefined;
  onChange: (patch: Partial<Omit<DraftContactFilter, "key">>) => void;
  onRemove: () => void;
};

const FIXED_OPTIONS: Partial<Record<ContactProperty, { value: string; label: string }[]>> = {
  customerLifecycleStage: LIFECYCLE_STAGES.map((s) => ({ value: s, label: STAGE_WORDS[s] })),
  consent: CONSENT_CHANNELS.map((c) => ({ value: c, label: CHANNEL_WORDS[c] })),
  gender: [
    { value: "f", label: "Female (f)" },
    { value: "m", label: "Male (m)" },
  ],
};

const PROFILE_FIELDS = new Set<string>(PROFILE_SUGGESTION_FIELDS);

/** Values to offer for a filter: the brand's tags, the common values of a profile field or custom property. */
function valueSuggestions(f: DraftContactFilter, suggestions: SegmentSuggestions | undefined): string[] | undefined {
  if (!suggestions) return undefined;
  if (f.property === "tags") return suggestions.tags;
  if (PROFILE_FIELDS.has(f.property)) return suggestions.profileValues[f.property as ProfileSuggestionField];
  if (f.property === "custom") return suggestions.customProperties.find((p) => p.name === f.name.trim())?.values;
  return undefined;
}

export function ContactFilterRow({ filter: f, position, suggestions, error, onChange, onRemove }: Props) {
  const id = f.key;
  const kind = kindOf(f);
  const words = OPERATOR_WORDS[kind];
  const customTypes = new Map(suggestions?.customProperties.map((p) => [p.name, p.valueType]) ?? []);
  const fixed = FIXED_OPTIONS[f.property];
  const customNames = useMemo(
    () => suggestions?.customProperties.map((p) => ({ value: p.name, hint: VALUE_TYPE_WORDS[p.valueType].toLowerCase() })) ?? [],
    [suggestions],
  );
  const values = valueSuggestions(f, suggestions);
  return (
    <li className="filter-row" aria-label={position}>
      <Control id={`${id}-property`} label="Contact property" error={error("property")}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={f.property}
            onChange={(e) => onChange({ property: e.target.value as ContactProperty })}
          >
            {PROPERTY_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.properties.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </Control>
      {f.property === "custom" && (
        <>
          <Control id={`${id}-name`} label="Custom property name" error={error("name")}>
            {(control) => (
              <SuggestInput
                control={control}
                value={f.name}
                suggestions={customNames}
                onChange={(name) => {
                  const known = customTypes.get(name);
                  onChange({ name, ...(known ? { valueType: known } : {}) });
                }}
              />
            )}
          </Control>
          <Control id={`${id}-valueType`} label="Compare as" error={error("valueType")} className="narrow">
            {(control) => (
              <select
                {...control}
                className="input"
                value={f.valueType || "text"}
                onChange={(e) => onChange({ valueType: e.target.value as ValueType })}
              >
                {VALUE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {VALUE_TYPE_WORDS[t]}
                  </option>
                ))}
              </select>
            )}
          </Control>
        </>
      )}
      {f.property === "birthday" && (
        <Control id={`${id}-valueType`} label="Compare as" error={error("valueType")} className="narrow">
          {(control) => (
            <select
              {...control}
              className="input"
              value={f.valueType || "date"}
              onChange={(e) => onChange({ valueType: e.target.value as ValueType })}
            >
              <option value="date">Date</option>
              <option value="text">Text (YYYY-MM-DD)</option>
            </select>
          )}
        </Control>
      )}
      {f.property === "subscriptionStatus" && (
        <fieldset className="field checkbox-group">
          <legend className="label">Channels (all of them)</legend>
          <div className="checkbox-row">
            {SUBSCRIPTION_CHANNELS.map((c) => (
              <label key={c} className="checkbox">
                <input
                  type="checkbox"
                  checked={f.channels.includes(c)}
                  onChange={(e) =>
                    onChange({ channels: e.target.checked ? [...f.channels, c] : f.channels.filter((x): x is Channel => x !== c) })
                  }
                />{" "}
                {CHANNEL_WORDS[c]}
              </label>
            ))}
          </div>
          {error("channels") && <p className="field-error">{error("channels")}</p>}
        </fieldset>
      )}
      <Control id={`${id}-operator`} label="Condition" error={error("operator")}>
        {(control) => (
          <select {...control} className="input" value={f.operator} onChange={(e) => onChange({ operator: e.target.value })}>
            {operatorsOf(f).map((op) => (
              <option key={op} value={op}>
                {words[op] ?? op}
              </option>
            ))}
          </select>
        )}
      </Control>
      {f.property === "subscriptionStatus" ? (
        <Control id={`${id}-value`} label="Status" error={error("value")} className="narrow">
          {(control) => (
            <select {...control} className="input" value={f.value} onChange={(e) => onChange({ value: e.target.value })}>
              {(Object.keys(STATUS_WORDS) as (keyof typeof STATUS_WORDS)[]).map((s) => (
                <option key={s} value={s}>
                  {STATUS_WORDS[s]}
                </option>
              ))}
            </select>
          )}
        </Control>
      ) : (
        <FilterValues
          id={id}
          kind={kind}
          operator={f.operator}
          draft={f}
          onChange={onChange}
          error={error}
          options={fixed}
          noun={listNoun(f.property)}
          suggestions={values}
        />
      )}
      <button
        type="button"
        className="btn btn-danger-ghost btn-sm filter-remove"
        aria-label={`Remove ${position.toLowerCase()}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </li>
  );
}
