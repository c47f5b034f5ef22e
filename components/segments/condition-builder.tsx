"use client";
// Condition groups: every condition inside a group must hold (AND); a contact matching any group is in
// the segment (OR). Edits go through the pure reducer in condition-builder-state.ts.
import { useId } from "react";
import { ConditionRow } from "./condition-row";
import type { BuilderAction, BuilderState } from "./condition-builder-state";

type Props = {
  state: BuilderState;
  dispatch: (action: BuilderAction) => void;
  /** errors keyed by `${conditionKey}.${field}` or a group key */
  errors: Record<string, string>;
  eventNames?: string[];
};

export function ConditionBuilder({ state, dispatch, errors, eventNames = [] }: Props) {
  const listId = useId();
  return (
    <div className="condition-builder">
      {eventNames.length > 0 && (
        <datalist id={listId}>
          {eventNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
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
              {group.conditions.map((condition, c) => (
                <ConditionRow
                  key={condition.key}
                  condition={condition}
                  position={`Group ${g + 1}, condition ${c + 1}${c > 0 ? " (and)" : ""}`}
                  error={(field) => errors[`${condition.key}.${field}`] ?? (field === "type" ? errors[condition.key] : undefined)}
                  eventNamesListId={eventNames.length ? listId : undefined}
                  onType={(conditionType) => dispatch({ type: "changeConditionType", group: group.key, condition: condition.key, conditionType })}
                  onChange={(patch) => dispatch({ type: "updateCondition", group: group.key, condition: condition.key, patch })}
                  onRemove={() => dispatch({ type: "removeCondition", group: group.key, condition: condition.key })}
                />
              ))}
            </ol>
            <div className="form-row">
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => dispatch({ type: "addCondition", group: group.key, conditionType: "tag" })}>
                Add contact condition to group {g + 1}
              </button>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => dispatch({ type: "addCondition", group: group.key, conditionType: "event" })}>
                Add event condition to group {g + 1}
              </button>
              <button type="button" className="btn btn-danger-ghost btn-sm" onClick={() => dispatch({ type: "removeGroup", group: group.key })}>
                Remove group {g + 1}
              </button>
            </div>
          </fieldset>
        </div>
      ))}
      <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: "addGroup", conditionType: "tag" })}>
        {state.groups.length ? "Add “or” group" : "Add condition group"}
      </button>
    </div>
  );
}
