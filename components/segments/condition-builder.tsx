"use client";
// Condition groups: a contact is in the segment when it matches any group (OR); inside a group every
// condition must hold (AND); a condition is about who the contact is (contact properties) or what it did
// (events), its filters joined by "all" or "any". Edits go through the pure reducer in condition-builder-state.ts.
import { useMemo } from "react";
import { propertyPaths, type EventItem } from "@/components/events/event-metadata-client";
import { Control } from "@/components/ui/control";
import type { BuilderAction, BuilderState, DraftContactFilter, DraftEventFilter, Entity, Junction } from "./condition-builder-state";
import { ContactFilterRow } from "./contact-filter-row";
import { EventFilterRow } from "./event-filter-row";
import type { SegmentSuggestions } from "./segments-client";
import "./segments.css";

type Props = {
  state: BuilderState;
  dispatch: (action: BuilderAction) => void;
  /** errors keyed by `${draftKey}.${field}` or a draft key */
  errors: Record<string, string>;
  suggestions?: SegmentSuggestions;
  events?: EventItem[];
};

const ENTITY_WORDS: Record<Entity, { title: string; add: string; filter: string }> = {
  contact: { title: "Who they are", add: "Add a contact filter", filter: "contact filter" },
  event: { title: "What they did", add: "Add an event filter", filter: "event filter" },
};

const NO_EVENTS: EventItem[] = [];

export function ConditionBuilder({ state, dispatch, errors, suggestions, events = NO_EVENTS }: Props) {
  const pathsOf = useMemo(() => {
    const paths = new Map(events.map((event) => [event, propertyPaths(event.properties)]));
    return (event: EventItem | undefined) => (event ? (paths.get(event) ?? []) : []);
  }, [events]);
  const error = (key: string, field: string) =>
    errors[`${key}.${field}`] ?? (field === "property" || field === "name" ? errors[key] : undefined);
  return (
    <div className="condition-builder">
      {state.groups.length === 0 && <p className="muted">No conditions yet: a segment needs at least one.</p>}
      {state.groups.map((group, g) => (
        <div key={group.key} className="group-wrap">
          {g > 0 && (
            <p className="group-or" aria-hidden="true">
              or
            </p>
          )}
          <fieldset className="fieldset condition-group">
            <legend>
              {g > 0 ? "Or group" : "Group"} {g + 1}: contacts matching all of these
            </legend>
            {errors[group.key] && <p className="field-error">{errors[group.key]}</p>}
            <ol className="condition-list">
              {group.conditions.map((condition, c) => {
                const words = ENTITY_WORDS[condition.entity];
                const name = `Group ${g + 1}, condition ${c + 1}`;
                const at = { group: group.key, condition: condition.key };
                return (
                  <li
                    key={condition.key}
                    className={`condition condition-${condition.entity}`}
                    aria-label={`${name}: ${words.title.toLowerCase()}`}
                  >
                    <div className="condition-head">
                      <h3 className="condition-title">
                        {c > 0 && <span className="condition-and">and </span>}
                        {words.title}
                      </h3>
                      {condition.filters.length > 1 && (
                        <Control id={`${condition.key}-junction`} label="Match" className="narrow">
                          {(control) => (
                            <select
                              {...control}
                              className="input"
                              value={condition.junction}
                              onChange={(e) => dispatch({ type: "setJunction", ...at, junction: e.target.value as Junction })}
                            >
                              <option value="and">all of these</option>
                              <option value="or">any of these</option>
                            </select>
                          )}
                        </Control>
                      )}
                      <button
                        type="button"
                        className="btn btn-danger-ghost btn-sm"
                        onClick={() => dispatch({ type: "removeCondition", ...at })}
                      >
                        Remove {name.toLowerCase()}
                      </button>
                    </div>
                    {errors[condition.key] && <p className="field-error">{errors[condition.key]}</p>}
                    <ol className="filter-list">
                      {condition.entity === "contact"
                        ? condition.filters.map((filter: DraftContactFilter, i) => (
                            <ContactFilterRow
                              key={filter.key}
                              filter={filter}
                              position={`${name}, ${words.filter} ${i + 1}`}
                              suggestions={suggestions}
                              error={(field) => error(filter.key, field)}
                              onChange={(patch) => dispatch({ type: "updateFilter", ...at, filter: filter.key, patch })}
                              onRemove={() => dispatch({ type: "removeFilter", ...at, filter: filter.key })}
                            />
                          ))
                        : condition.filters.map((filter: DraftEventFilter, i) => (
                            <EventFilterRow
                              key={filter.key}
                              filter={filter}
                              position={`${name}, ${words.filter} ${i + 1}`}
                              events={events}
                              suggestions={suggestions}
                              paths={pathsOf}
                              error={error}
                              onChange={(patch) => dispatch({ type: "updateFilter", ...at, filter: filter.key, patch })}
                              onRemove={() => dispatch({ type: "removeFilter", ...at, filter: filter.key })}
                              onAddProperty={() => dispatch({ type: "addPropertyFilter", ...at, filter: filter.key })}
                              onChangeProperty={(property, patch) =>
                                dispatch({ type: "updatePropertyFilter", ...at, filter: filter.key, property, patch })
                              }
                              onRemoveProperty={(property) =>
                                dispatch({ type: "removePropertyFilter", ...at, filter: filter.key, property })
                              }
                            />
                          ))}
                    </ol>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => dispatch({ type: "addFilter", ...at })}>
                      {words.add} to {name.toLowerCase()}
                    </button>
                  </li>
                );
              })}
            </ol>
            <div className="form-row">
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => dispatch({ type: "addCondition", group: group.key, entity: "contact" })}
              >
                Add contact condition to group {g + 1}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => dispatch({ type: "addCondition", group: group.key, entity: "event" })}
              >
                Add event condition to group {g + 1}
              </button>
              <button
                type="button"
                className="btn btn-danger-ghost btn-sm"
                onClick={() => dispatch({ type: "removeGroup", group: group.key })}
              >
                Remove group {g + 1}
              </button>
            </div>
          </fieldset>
        </div>
      ))}
      <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: "addGroup", entity: "contact" })}>
        {state.groups.length ? "Add “or” group" : "Add condition group"}
      </button>
    </div>
  );
}
