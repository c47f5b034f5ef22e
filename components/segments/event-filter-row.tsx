"use client";
// One event filter: the contact has (or has not) done an event at least / exactly N times, from an
// origin, in a period, where its properties match. Event names, origins and property keys are suggested
// from the event metadata (recommended, declared and received events).
import { Control } from "@/components/ui/control";
import type { EventItem, PropertyPath } from "@/components/events/event-metadata-client";
import { VALUE_TYPES, type ValueType } from "@/lib/segments/vocabulary";
import { kindOf, operatorsOf, type DraftEventFilter, type DraftPropertyFilter, type PeriodOperator, type PropertyPatch } from "./condition-builder-state";
import { FilterValues } from "./filter-values";
import { OPERATOR_WORDS, PERIOD_WORDS, RELATIVE, VALUE_TYPE_WORDS } from "./filter-words";

type Props = {
  filter: DraftEventFilter;
  position: string;
  events: EventItem[];
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
  const value = RELATIVE.has(operator) ? (/^\d+$/.test(period.value) ? period.value : "30") : /^\d{4}-/.test(period.value) ? period.value : "";
  return { ...period, operator, value };
}

function PropertyRow({ filter: p, paths, error, onChange, onRemove, position }: {
  filter: DraftPropertyFilter; paths: PropertyPath[]; error: (field: string) => string | undefined; position: string;
  onChange: (patch: PropertyPatch) => void; onRemove: () => void;
}) {
  const id = p.key;
  const kind = kindOf(p);
  const known = paths.find((x) => x.path === p.property);
  return (
    <li className="filter-row property-row" aria-label={position}>
      <Control id={`${id}-property`} label="Event property" error={error("property")} hint={known ? known.label : paths.length ? "Choose or type a property; [] means any item of a list" : "e.g. value, lineItems.[].productID"}>
        {(control) => (
          <>
            <input
              {...control}
              className="input"
              list={`${id}-paths`}
              autoComplete="off"
              value={p.property}
              onChange={(e) => {
                const match = paths.find((x) => x.path === e.target.value);
                onChange({ property: e.target.value, ...(match?.valueType ? { valueType: match.valueType } : {}) });
              }}
            />
            <datalist id={`${id}-paths`}>
              {paths.map((x) => (
                <option key={x.path} value={x.path}>
                  {x.label}
                </option>
              ))}
            </datalist>
          </>
        )}
      </Control>
      <Control id={`${id}-valueType`} label="Compare as" error={error("valueType")} className="narrow">
        {(control) => (
          <select {...control} className="input" value={p.valueType || "text"} onChange={(e) => onChange({ valueType: e.target.value as ValueType })}>
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
      <FilterValues id={id} kind={kind} operator={p.operator} draft={p} onChange={onChange} error={error} />
      <button type="button" className="btn btn-danger-ghost btn-sm filter-remove" aria-label={`Remove ${position.toLowerCase()}`} onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}

export function EventFilterRow({ filter: f, position, events, paths, error, onChange, onRemove, onAddProperty, onChangeProperty, onRemoveProperty }: Props) {
  const id = f.key;
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
            <select {...control} className="input" value={f.operator} onChange={(e) => onChange({ operator: e.target.value as DraftEventFilter["operator"] })}>
              <option value="has">has done</option>
              <option value="hasNot">has not done</option>
            </select>
          )}
        </Control>
        <Control id={`${id}-name`} label="Event" error={err("name")} className="grow">
          {(control) => (
            <>
              <input {...control} className="input" list={`${id}-events`} autoComplete="off" placeholder="e.g. placed order" value={f.name} onChange={(e) => onChange({ name: e.target.value })} />
              <datalist id={`${id}-events`}>
                {[...new Map(events.map((e) => [e.name, e])).values()].map((e) => (
                  <option key={e.name} value={e.name}>
                    {e.displayName}
                  </option>
                ))}
              </datalist>
            </>
          )}
        </Control>
        <Control id={`${id}-count`} label="How often" error={err("count")} className="narrow">
          {(control) => (
            <select {...control} className="input" value={f.count} onChange={(e) => onChange({ count: e.target.value as DraftEventFilter["count"] })}>
              <option value="atLeast">at least</option>
              <option value="equals">exactly</option>
            </select>
          )}
        </Control>
        <Control id={`${id}-value`} label="Times" error={err("value")} className="narrow">
          {(control) => <input {...control} className="input" type="number" min={0} inputMode="numeric" value={f.value} onChange={(e) => onChange({ value: e.target.value })} />}
        </Control>
        <Control id={`${id}-origin`} label="From" error={err("origin")} className="narrow" hint={origins.length > 1 ? "Sent from more than one place: choose one" : undefined}>
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
            <select {...control} className="input" value={f.period.operator} onChange={(e) => onChange({ period: periodChange(f.period, e.target.value as PeriodOperator) })}>
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {PERIOD_WORDS[p]}
                </option>
              ))}
            </select>
          )}
        </Control>
        {f.period.operator !== "any" && (
          <FilterValues id={`${id}-period`} kind="date" operator={f.period.operator} draft={f.period} onChange={(patch) => onChange({ period: { ...f.period, ...patch } })} error={(field) => err(`period.${field}`) ?? err("period")} />
        )}
        <button type="button" className="btn btn-danger-ghost btn-sm filter-remove" aria-label={`Remove ${position.toLowerCase()}`} onClick={onRemove}>
          Remove
        </button>
      </div>
      {f.filters.length > 0 && (
        <div className="property-filters">
          <div className="property-filters-head">
            <Control id={`${id}-junction`} label="Where the event's properties match" className="narrow">
              {(control) => (
                <select {...control} className="input" value={f.junction} onChange={(e) => onChange({ junction: e.target.value as DraftEventFilter["junction"] })}>
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
