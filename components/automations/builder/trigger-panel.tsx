"use client";
// The trigger's side panel: what starts the workflow (an event the brand sends, with its origin and
// property conditions, or a built-in: subscribes to email, birthday, enters a segment, back in stock), who
// may enter (the audience), and the quiet time that makes an abandonment flow wait for the last event.
import { useId } from "react";
import type { ContactFilter, FilterGroup, Identity, SplitFilter, Trigger } from "../automations-client";
import { SegmentSelect, UnitSelect } from "./choices";
import { FilterRows, type FieldChoice } from "./filter-rows";
import styles from "./builder.module.css";

const BUILT_IN_CHOICES: [string, string][] = [
  ["subscribed to marketing", "Subscribes to email (welcome)"],
  ["birthday", "Has a birthday"],
  ["entered segment", "Enters a segment"],
  ["product back in stock", "Viewed a product that is back in stock"],
];
export const RECOMMENDED_EVENTS = [
  "viewed product",
  "added product to cart",
  "started checkout",
  "placed order",
  "viewed page",
  "paid for order",
  "order fulfilled",
  "order canceled",
  "order refunded",
];

const asSplit = (filters: { field: string; operator: string; value?: unknown }[], type: "event" | "contact"): SplitFilter[] =>
  filters.map((f) => ({ type, ...f }));
const strip = (filters: SplitFilter[]) => filters.map(({ type: _t, urlMatch: _u, ...f }) => f);

export function TriggerPanel({
  trigger,
  onChange,
  identities,
  catalog,
  eventFields,
  segments,
  readOnly,
}: {
  trigger: Trigger;
  onChange: (t: Trigger) => void;
  identities: Identity[];
  /** the events the brand can use (the event catalog: recommended, declared, received) */
  catalog: string[];
  eventFields: FieldChoice[];
  segments: { id: string; name: string }[];
  readOnly: boolean;
}) {
  const id = useId();
  const { event } = trigger.condition;
  const builtIn = BUILT_IN_CHOICES.some(([e]) => e === event);
  const names = [...new Set([...RECOMMENDED_EVENTS, ...catalog, ...identities.map((i) => i.eventName)])]
    .filter((n) => !BUILT_IN_CHOICES.some(([e]) => e === n))
    .sort();
  const origins = [...new Set(identities.filter((i) => i.eventName === event).map((i) => i.origin ?? ""))];
  const groups = trigger.condition.filterGroups ?? [];
  const setGroups = (filterGroups: FilterGroup[]) =>
    setCondition({ ...trigger.condition, filterGroups: filterGroups.length ? filterGroups : undefined });
  const setCondition = (condition: Trigger["condition"]) => onChange({ ...trigger, condition });
  const setKind = (kind: string) => {
    if (kind === "event") return setCondition({ event: names[0] ?? "added product to cart", origin: "api" });
    const next: Trigger = { condition: { event: kind } };
    if (kind === "entered segment")
      next.condition = {
        event: kind,
        origin: "omnisend",
        filterGroups: [{ logicalOperator: "and", filters: [{ field: "segment_id", operator: "eq", value: segments[0]?.id ?? "" }] }],
      };
    if (trigger.audienceFilterGroup) next.audienceFilterGroup = trigger.audienceFilterGroup;
    onChange(next);
  };
  const audience = trigger.audienceFilterGroup;
  const setAudience = (group: FilterGroup<ContactFilter> | undefined) => {
    const { audienceFilterGroup: _a, ...rest } = trigger;
    onChange(group && group.filters.length > 0 ? { ...rest, audienceFilterGroup: group } : rest);
  };
  const offset = String(groups[0]?.filters[0]?.value ?? "0h");
  return (
    <fieldset className={styles.fieldset} disabled={readOnly}>
      <legend className={styles.legend}>What starts the workflow</legend>
      <div className="field">
        <label className="label" htmlFor={`${id}-kind`}>
          When a contact
        </label>
        <select id={`${id}-kind`} className="input" value={builtIn ? event : "event"} onChange={(e) => setKind(e.target.value)}>
          <option value="event">does an event (from your store or app)</option>
          {BUILT_IN_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label.toLowerCase()}
            </option>
          ))}
        </select>
      </div>
      {!builtIn && (
        <>
          <div className="field">
            <label className="label" htmlFor={`${id}-event`}>
              Event
            </label>
            <input
              id={`${id}-event`}
              className="input"
              list={`${id}-events`}
              value={event}
              onChange={(e) => setCondition({ ...trigger.condition, event: e.target.value })}
            />
            <datalist id={`${id}-events`}>
              {names.map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
          </div>
          <div className="field">
            <label className="label" htmlFor={`${id}-origin`}>
              Sent from
            </label>
            <input
              id={`${id}-origin`}
              className="input"
              list={`${id}-origins`}
              value={trigger.condition.origin ?? ""}
              placeholder={origins.length === 1 && origins[0] === "" ? "(sent without origin)" : "api"}
              onChange={(e) => {
                const { origin: _o, ...rest } = trigger.condition;
                setCondition(e.target.value ? { ...rest, origin: e.target.value } : rest);
              }}
            />
            <datalist id={`${id}-origins`}>
              {origins.filter(Boolean).map((o) => (
                <option key={o} value={o} />
              ))}
            </datalist>
            <p className="hint">
              {origins.length === 0
                ? "No event of this name has arrived yet: name the origin your store sends (custom stores send api)."
                : `Arrives from: ${origins.map((o) => o || "without origin (compatibility: no-origin)").join(", ")}. Leave empty when there is one.`}
            </p>
          </div>
          <p className={styles.subhead}>Only when the event&apos;s properties match</p>
          {groups.length === 0 && (
            <FilterRows
              filters={[]}
              kinds={["event"]}
              eventFields={eventFields}
              readOnly={readOnly}
              onChange={(next) => setGroups(next.length ? [{ logicalOperator: "and", filters: strip(next) }] : [])}
            />
          )}
          {groups.map((group, g) => (
            // Groups all hold together (and); a group's own operator joins its conditions. A workflow made
            // through the API may have several: each keeps its own, as saved.
            <div key={g} className={styles.exit} role="group" aria-label={`Property conditions ${g + 1}`}>
              {groups.length > 1 && <p className="hint">{g === 0 ? "All of these groups must match." : "And also:"}</p>}
              {group.filters.length > 1 && (
                <div className="field">
                  <label className="label" htmlFor={`${id}-logic-${g}`}>
                    The event must match
                  </label>
                  <select
                    id={`${id}-logic-${g}`}
                    className="input input-sm"
                    value={group.logicalOperator}
                    onChange={(e) =>
                      setGroups(groups.map((x, j) => (j === g ? { ...x, logicalOperator: e.target.value as "and" | "or" } : x)))
                    }
                  >
                    <option value="and">all of these</option>
                    <option value="or">any of these</option>
                  </select>
                </div>
              )}
              <FilterRows
                filters={asSplit(group.filters, "event")}
                kinds={["event"]}
                eventFields={eventFields}
                readOnly={readOnly}
                onChange={(next) =>
                  setGroups(groups.map((x, j) => (j === g ? { ...x, filters: strip(next) } : x)).filter((x) => x.filters.length > 0))
                }
              />
            </div>
          ))}
          {groups.length > 0 && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() =>
                setGroups([
                  ...groups,
                  { logicalOperator: "or", filters: [{ field: eventFields[0]?.path ?? "", operator: "eq", value: "" }] },
                ])
              }
            >
              + Another group of conditions
            </button>
          )}
          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={!!trigger.inactivitySettings}
              onChange={(e) => {
                const { inactivitySettings: _i, ...rest } = trigger;
                onChange(e.target.checked ? { ...rest, inactivitySettings: { duration: { amount: 1, units: "h" } } } : rest);
              }}
            />{" "}
            Wait until the contact has been quiet (no new such event) for a while
          </label>
          {trigger.inactivitySettings && (
            <div className={styles.inline}>
              <label className="label" htmlFor={`${id}-quiet`}>
                Quiet for
              </label>
              <input
                id={`${id}-quiet`}
                className="input input-sm"
                type="number"
                min={1}
                value={trigger.inactivitySettings.duration.amount}
                onChange={(e) =>
                  onChange({
                    ...trigger,
                    inactivitySettings: {
                      duration: { ...trigger.inactivitySettings!.duration, amount: Math.max(1, Number(e.target.value) || 1) },
                    },
                  })
                }
              />
              <label className="visually-hidden" htmlFor={`${id}-quiet-units`}>
                Unit
              </label>
              <UnitSelect
                id={`${id}-quiet-units`}
                value={trigger.inactivitySettings.duration.units}
                units={["m", "h", "d", "w"] as const}
                onChange={(units) =>
                  onChange({ ...trigger, inactivitySettings: { duration: { ...trigger.inactivitySettings!.duration, units } } })
                }
              />
            </div>
          )}
        </>
      )}
      {event === "entered segment" && (
        <div className="field">
          <label className="label" htmlFor={`${id}-segment`}>
            Segment
          </label>
          <SegmentSelect
            id={`${id}-segment`}
            className="input"
            value={String(groups[0]?.filters[0]?.value ?? "")}
            segments={segments}
            onChange={(value) =>
              setCondition({
                event,
                origin: "omnisend",
                filterGroups: [{ logicalOperator: "and", filters: [{ field: "segment_id", operator: "eq", value }] }],
              })
            }
          />
          <p className="hint">Checked every minute: a contact who joins the segment enters the workflow.</p>
        </div>
      )}
      {event === "birthday" && (
        <div className="field">
          <label className="label" htmlFor={`${id}-birthday`}>
            When
          </label>
          <select
            id={`${id}-birthday`}
            className="input"
            value={offset}
            onChange={(e) =>
              setCondition({
                event,
                ...(e.target.value === "0h"
                  ? {}
                  : {
                      filterGroups: [{ logicalOperator: "and", filters: [{ field: "birthdate", operator: "eq", value: e.target.value }] }],
                    }),
              })
            }
          >
            <option value="0h">on the birthday</option>
            <option value="-24h">1 day before</option>
            <option value="-72h">3 days before</option>
            <option value="-168h">1 week before</option>
            <option value="24h">1 day after</option>
          </select>
        </div>
      )}
      <p className={styles.subhead}>Who may enter</p>
      {audience && audience.filters.length > 1 && (
        <div className="field">
          <label className="label" htmlFor={`${id}-aud-logic`}>
            Contacts must match
          </label>
          <select
            id={`${id}-aud-logic`}
            className="input input-sm"
            value={audience.logicalOperator}
            onChange={(e) => setAudience({ ...audience, logicalOperator: e.target.value as "and" | "or" })}
          >
            <option value="and">all of these</option>
            <option value="or">any of these</option>
          </select>
        </div>
      )}
      <FilterRows
        filters={asSplit(audience?.filters ?? [], "contact")}
        kinds={["contact"]}
        segments={segments}
        readOnly={readOnly}
        onChange={(next) => setAudience({ logicalOperator: audience?.logicalOperator ?? "and", filters: strip(next) as ContactFilter[] })}
      />
      {!audience && <p className="hint">Everyone who triggers it (limits are in the workflow settings).</p>}
    </fieldset>
  );
}
