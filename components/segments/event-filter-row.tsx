"use client";
// One event filter: the contact has (or has not) done an event at least / exactly N times, from an
// origin, in a period, where its properties match. Event names, origins and property keys are suggested
// from the event metadata (recommended, declared and received events).
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Control } from "@/components/ui/control";
import { formatCount } from "@/components/ui/format";
import type { EventItem, PropertyPath } from "@/components/events/event-metadata-client";
import { VALUE_TYPES, type ValueType } from "@/lib/segments/vocabulary";
import {
  kindOf,
  operatorsOf,
  type DraftEventFilter,
  type DraftPropertyFilter,
  type PeriodOperator,
  type PropertyPatch,
} from "./condition-builder-state";
import { FilterValues } from "./filter-values";
import { OPERATOR_WORDS, PERIOD_WORDS, RELATIVE, VALUE_TYPE_WORDS } from "./filter-words";
import { getSuggestions, suggestionKeys, type SegmentSuggestions } from "./segments-client";
import { matchSuggestions, SuggestInput, type Suggestion } from "./suggest-input";
import { useDebounced } from "./use-debounced";
import "./segments.css";

type Props = {
  filter: DraftEventFilter;
  position: string;
  events: EventItem[];
  /** events received, common values (undefined while loading) */
  suggestions?: SegmentSuggestions;
  paths: (event: EventItem | undefined) => PropertyPath[];
  error: (key: string, field: string) => string | undefined;
  onChange: (patch: Partial<Omit<DraftEventFilter, "key" | "filters">>) => void;
  onRemove: () => void;
  onAddProperty: () => void;
  onChangeProperty: (property: string, patch: PropertyPatch) => void;
  onRemoveProperty: (property: string) => void;
};

const PERIODS = Object.keys(PERIOD_WORDS) as PeriodOperator[];

/** A new period operator keeps the value when it still fits (a number of units, or a date). */
function periodChange(period: DraftEventFilter["period"], operator: PeriodOperator): DraftEventFilter["period"] {
  const value = RELATIVE.has(operator)
    ? /^\d+$/.test(period.value)
      ? period.value
      : "30"
    : /^\d{4}-/.test(period.value)
      ? period.value
      : "";
  return { ...period, operator, value };
}

function PropertyRow({
  filter: p,
  paths,
  values,
  error,
  onChange,
  onRemove,
  position,
}: {
  filter: DraftPropertyFilter;
  paths: PropertyPath[];
  values: Map<string, string[]>;
  error: (field: string) => string | undefined;
  position: string;
  onChange: (patch: PropertyPatch) => void;
  onRemove: () => void;
}) {
  const id = p.key;
  const kind = kindOf(p);
  const known = paths.find((x) => x.path === p.property);
  // Paths of the event's schema, then paths seen only in the events received.
  const offered = useMemo<Suggestion[]>(() => {
    const out: Suggestion[] = paths.map((x) => ({ value: x.path, label: x.label }));
    for (const path of values.keys()) if (!paths.some((x) => x.path === path)) out.push({ value: path });
    return out;
  }, [paths, values]);
  return (
    <li className="filter-row property-row" aria-label={position}>
      <Control
        id={`${id}-property`}
        label="Event property"
        error={error("property")}
        hint={
          known
            ? known.label
            : offered.length
              ? "Choose or type a property; [] means any item of a list"
              : "e.g. value, lineItems.[].productID"
        }
      >
        {(control) => (
          <SuggestInput
            control={control}
            value={p.property}
            suggestions={offered}
            onChange={(property) => {
              const match = paths.find((x) => x.path === property);
              onChange({ property, ...(match?.valueType ? { valueType: match.valueType } : {}) });
            }}
          />
        )}
      </Control>
      <Control id={`${id}-valueType`} label="Compare as" error={error("valueType")} className="narrow">
        {(control) => (
          <select
            {...control}
            className="input"
            value={p.valueType || "text"}
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
      <Control id={`${id}-operator`} label="Condition" error={error("operator")}>
        {(control) => (
          <select {...control} className="input" value={p.operator} onChange={(e) => onChange({ operator: e.target.value })}>
            {operatorsOf(p).map((op) => (
              <option key={op} value={op}>
                {OPERATOR_WORDS[kind][op] ?? op}
              </option>
            ))}
          </select>
        )}
      </Control>
      <FilterValues
        id={id}
        kind={kind}
        operator={p.operator}
        draft={p}
        onChange={onChange}
        error={error}
        suggestions={values.get(p.property.trim())}
      />
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

/** A warning under an event name that no event received has (a half-typed name counts nobody), with the
 * names it may have meant. Judged once typing pauses, so it does not flicker at every key. */
function UnknownEventWarning({
  id,
  name,
  suggestions,
  events,
  onPick,
}: {
  id: string;
  name: string;
  suggestions?: SegmentSuggestions;
  events: EventItem[];
  onPick: (name: string) => void;
}) {
  const settled = useDebounced(name.trim(), 500);
  if (!suggestions || !settled || settled !== name.trim() || suggestions.events.some((e) => e.name === settled)) return null;
  if (events.some((e) => e.name === settled)) {
    return (
      <p id={`${id}-name-warning`} className="field-warning" role="status">
        No “{settled}” event has been received yet, so no contact has done it so far.
      </p>
    );
  }
  const close = matchSuggestions(eventSuggestions(suggestions, events), settled, 4);
  return (
    <div id={`${id}-name-warning`} className="field-warning" role="status">
      <p>No event named “{settled}” has been received yet.</p>
      {close.length > 0 && (
        <p className="suggest-alternatives">
          Did you mean{" "}
          {close.map((s, i) => (
            <span key={s.value}>
              {i > 0 && (i === close.length - 1 ? " or " : ", ")}
              <button type="button" className="btn btn-link btn-sm" onClick={() => onPick(s.value)}>
                {s.value}
              </button>
            </span>
          ))}
          ?
        </p>
      )}
    </div>
  );
}

/** Event names to offer: those received (most recent first), then recommended and declared ones. */
function eventSuggestions(suggestions: SegmentSuggestions | undefined, events: EventItem[]): Suggestion[] {
  const out: Suggestion[] = (suggestions?.events ?? []).map((e) => ({
    value: e.name,
    label: events.find((x) => x.name === e.name)?.displayName,
    hint: `received ${formatCount(e.count, "time", "times")}`,
  }));
  for (const e of events) {
    if (!out.some((s) => s.value === e.name))
      out.push({ value: e.name, label: e.displayName, hint: suggestions ? "not received yet" : undefined });
  }
  return out;
}

export function EventFilterRow({
  filter: f,
  position,
  events,
  suggestions,
  paths,
  error,
  onChange,
  onRemove,
  onAddProperty,
  onChangeProperty,
  onRemoveProperty,
}: Props) {
  const id = f.key;
  const names = useMemo(() => eventSuggestions(suggestions, events), [suggestions, events]);
  const received = suggestions?.events.some((e) => e.name === f.name.trim()) ?? false;
  // The values of the event's properties, once it names an event received and a property filter asks.
  const eventValues = useQuery({
    queryKey: suggestionKeys.event(f.name.trim()),
    queryFn: () => getSuggestions(f.name.trim()),
    enabled: received && f.filters.length > 0,
    staleTime: 60_000,
  });
  const values = useMemo(() => new Map((eventValues.data?.eventProperties ?? []).map((p) => [p.path, p.values])), [eventValues.data]);
  const named = events.filter((e) => e.name === f.name);
  const origins = [...new Set(named.flatMap((e) => e.origins))].sort();
  const event = named.find((e) => !f.origin || e.origins.includes(f.origin)) ?? named[0];
  const propertyPaths = paths(event);
  const err = (field: string) => error(id, field);
  return (
    <li className="filter-row event-row" aria-label={position}>
      <div className="filter-line">
        <Control id={`${id}-operator`} label="Contact" error={err("operator")} className="narrow">
          {(control) => (
            <select
              {...control}
              className="input"
              value={f.operator}
              onChange={(e) => onChange({ operator: e.target.value as DraftEventFilter["operator"] })}
            >
              <option value="has">has done</option>
              <option value="hasNot">has not done</option>
            </select>
          )}
        </Control>
        <Control id={`${id}-name`} label="Event" error={err("name")} className="grow">
          {(control) => (
            <>
              <SuggestInput
                control={control}
                value={f.name}
                suggestions={names}
                placeholder="e.g. placed order"
                onChange={(name) => onChange({ name })}
              />
              {!err("name") && (
                <UnknownEventWarning
                  id={id}
                  name={f.name}
                  suggestions={suggestions}
                  events={events}
                  onPick={(name) => onChange({ name })}
                />
              )}
            </>
          )}
        </Control>
        <Control id={`${id}-count`} label="How often" error={err("count")} className="narrow">
          {(control) => (
            <select
              {...control}
              className="input"
              value={f.count}
              onChange={(e) => onChange({ count: e.target.value as DraftEventFilter["count"] })}
            >
              <option value="atLeast">at least</option>
              <option value="equals">exactly</option>
            </select>
          )}
        </Control>
        <Control id={`${id}-value`} label="Times" error={err("value")} className="narrow">
          {(control) => (
            <input
              {...control}
              className="input"
              type="number"
              min={0}
              inputMode="numeric"
              value={f.value}
              onChange={(e) => onChange({ value: e.target.value })}
            />
          )}
        </Control>
        <Control
          id={`${id}-origin`}
          label="From"
          error={err("origin")}
          className="narrow"
          hint={origins.length > 1 ? "Sent from more than one place: choose one" : undefined}
        >
          {(control) => (
            <select {...control} className="input" value={f.origin} onChange={(e) => onChange({ origin: e.target.value })}>
              <option value="">{origins.length > 1 ? "Choose…" : "any origin"}</option>
              {[...new Set([...origins, ...(f.origin ? [f.origin] : [])])].map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          )}
        </Control>
        <Control id={`${id}-period`} label="When" error={err("period")} className="narrow">
          {(control) => (
            <select
              {...control}
              className="input"
              value={f.period.operator}
              onChange={(e) => onChange({ period: periodChange(f.period, e.target.value as PeriodOperator) })}
            >
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {PERIOD_WORDS[p]}
                </option>
              ))}
            </select>
          )}
        </Control>
        {f.period.operator !== "any" && (
          <FilterValues
            id={`${id}-period`}
            kind="date"
            operator={f.period.operator}
            draft={f.period}
            onChange={(patch) => onChange({ period: { ...f.period, ...patch } })}
            error={(field) => err(`period.${field}`) ?? err("period")}
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
      </div>
      {f.filters.length > 0 && (
        <div className="property-filters">
          <div className="property-filters-head">
            <Control id={`${id}-junction`} label="Where the event's properties match" className="narrow">
              {(control) => (
                <select
                  {...control}
                  className="input"
                  value={f.junction}
                  onChange={(e) => onChange({ junction: e.target.value as DraftEventFilter["junction"] })}
                >
                  <option value="and">all of these</option>
                  <option value="or">any of these</option>
                </select>
              )}
            </Control>
          </div>
          <ol className="filter-list">
            {f.filters.map((p, i) => (
              <PropertyRow
                key={p.key}
                filter={p}
                paths={propertyPaths}
                values={values}
                position={`${position}, property condition ${i + 1}`}
                error={(field) => error(p.key, field)}
                onChange={(patch) => onChangeProperty(p.key, patch)}
                onRemove={() => onRemoveProperty(p.key)}
              />
            ))}
          </ol>
        </div>
      )}
      <button type="button" className="btn btn-link btn-sm" onClick={onAddProperty}>
        + Only events whose properties match…
      </button>
    </li>
  );
}
