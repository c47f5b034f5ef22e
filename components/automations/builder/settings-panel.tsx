"use client";
// The workflow's settings panel: exit conditions (events that take a contact out at once), who is sent its
// emails (the sending threshold), how often a contact may enter (frequency), and the overlap with other
// workflows.
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { eventPropertiesOf, type ExitCondition, type Identity, type Settings, type SplitFilter } from "../automations-client";
import { UnitSelect } from "./choices";
import { fieldChoices, FilterRows } from "./filter-rows";
import { RECOMMENDED_EVENTS } from "./trigger-panel";
import styles from "./builder.module.css";

export function SettingsPanel({
  exits,
  settings,
  onExits,
  onSettings,
  identities,
  catalog,
  others,
  readOnly,
}: {
  exits: ExitCondition[];
  settings: Settings;
  onExits: (e: ExitCondition[]) => void;
  onSettings: (s: Settings) => void;
  identities: Identity[];
  /** the events the brand can use (the event catalog: recommended, declared, received) */
  catalog: string[];
  others: { id: string; name: string }[];
  readOnly: boolean;
}) {
  const id = useId();
  const names = [...new Set([...RECOMMENDED_EVENTS, ...catalog, ...identities.map((i) => i.eventName)])].sort();
  // The exit events' properties, for their filters' field pickers.
  const exitEvents = [...new Set(exits.map((e) => e.event).filter(Boolean))].sort();
  const properties = useQuery({
    queryKey: ["event-properties", ...exitEvents],
    queryFn: () => eventPropertiesOf(exitEvents),
    enabled: exitEvents.length > 0,
    staleTime: 60_000,
  });
  const fieldsOf = (event: string) => fieldChoices(properties.data?.events.find((e) => e.name === event)?.properties);
  const frequency = settings.frequencyLimiter;
  const overlap = settings.overlapLimiter;
  const setFrequency = (f: Settings["frequencyLimiter"]) => {
    const { frequencyLimiter: _f, ...rest } = settings;
    onSettings(f ? { ...rest, frequencyLimiter: f } : rest);
  };
  const setOverlap = (o: Settings["overlapLimiter"]) => {
    const { overlapLimiter: _o, ...rest } = settings;
    onSettings(o ? { ...rest, overlapLimiter: o } : rest);
  };
  return (
    <div className={styles.settings}>
      <fieldset className={styles.fieldset} disabled={readOnly}>
        <legend className={styles.legend}>Exit conditions</legend>
        <p className="hint">
          A contact who does one of these leaves the workflow at once (for example, placing an order ends a cart reminder).
        </p>
        {exits.map((exit, i) => (
          <div key={i} className={styles.exit} role="group" aria-label={`Exit condition ${i + 1}`}>
            <div className={styles.inline}>
              <label className="label" htmlFor={`${id}-exit-${i}`}>
                Event
              </label>
              <input
                id={`${id}-exit-${i}`}
                className="input input-sm"
                list={`${id}-exit-names`}
                value={exit.event}
                onChange={(e) => onExits(exits.map((x, j) => (j === i ? { ...x, event: e.target.value } : x)))}
              />
              <label className="label" htmlFor={`${id}-exit-origin-${i}`}>
                from
              </label>
              <input
                id={`${id}-exit-origin-${i}`}
                className="input input-sm"
                value={exit.origin ?? ""}
                placeholder="api"
                onChange={(e) =>
                  onExits(
                    exits.map((x, j) => {
                      if (j !== i) return x;
                      const { origin: _o, ...rest } = x;
                      return e.target.value ? { ...rest, origin: e.target.value } : rest;
                    }),
                  )
                }
              />
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => onExits(exits.filter((_, j) => j !== i))}
                aria-label={`Remove exit condition ${i + 1}`}
              >
                Remove
              </button>
            </div>
            <FilterRows
              filters={(exit.filterGroup?.filters ?? []).map((f) => ({ type: "event" as const, ...f }))}
              kinds={["event"]}
              eventFields={fieldsOf(exit.event)}
              readOnly={readOnly}
              onChange={(next: SplitFilter[]) =>
                onExits(
                  exits.map((x, j) => {
                    if (j !== i) return x;
                    const { filterGroup: _g, ...rest } = x;
                    return next.length
                      ? {
                          ...rest,
                          // An exit made through the API may join its conditions with "or": kept as it is.
                          filterGroup: {
                            logicalOperator: x.filterGroup?.logicalOperator ?? "and",
                            filters: next.map(({ type: _t, urlMatch: _u, ...f }) => f),
                          },
                        }
                      : rest;
                  }),
                )
              }
            />
          </div>
        ))}
        <datalist id={`${id}-exit-names`}>
          {names.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => onExits([...exits, { event: "placed order", origin: "api" }])}
        >
          Add an exit condition
        </button>
      </fieldset>

      <fieldset className={styles.fieldset} disabled={readOnly}>
        <legend className={styles.legend}>Who gets its emails</legend>
        {(
          [
            ["subscribed", "Subscribed contacts only", "For newsletters and promotions."],
            [
              "nonSubscribed",
              "Subscribed and non-subscribed contacts",
              "For behaviour-triggered emails such as cart reminders; never to unsubscribed contacts.",
            ],
            ["all", "Everyone, unsubscribed included", "Only for transactional emails (order and shipping updates)."],
          ] as const
        ).map(([value, label, hint]) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-threshold`}
              checked={settings.sendingThresholds.email === value}
              onChange={() => onSettings({ ...settings, sendingThresholds: { ...settings.sendingThresholds, email: value } })}
            />{" "}
            {label} <span className="hint">{hint}</span>
          </label>
        ))}
      </fieldset>

      <fieldset className={styles.fieldset} disabled={readOnly}>
        <legend className={styles.legend}>How often a contact may enter</legend>
        <label className={styles.choice}>
          <input type="radio" name={`${id}-freq`} checked={!frequency} onChange={() => setFrequency(undefined)} /> Every time the trigger
          happens (never twice at once)
        </label>
        <label className={styles.choice}>
          <input type="radio" name={`${id}-freq`} checked={frequency?.mode === "once"} onChange={() => setFrequency({ mode: "once" })} />{" "}
          Only once, ever
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-freq`}
            checked={frequency?.mode === "interval"}
            onChange={() => setFrequency({ mode: "interval", duration: { amount: 1, units: "w" } })}
          />{" "}
          At most once every…
        </label>
        {frequency?.mode === "interval" && (
          <div className={styles.inline}>
            <label className="visually-hidden" htmlFor={`${id}-freq-amount`}>
              Amount
            </label>
            <input
              id={`${id}-freq-amount`}
              className="input input-sm"
              type="number"
              min={1}
              value={frequency.duration?.amount ?? 1}
              onChange={(e) =>
                setFrequency({
                  mode: "interval",
                  duration: { amount: Math.max(1, Number(e.target.value) || 1), units: frequency.duration?.units ?? "w" },
                })
              }
            />
            <label className="visually-hidden" htmlFor={`${id}-freq-units`}>
              Unit
            </label>
            <UnitSelect
              id={`${id}-freq-units`}
              value={frequency.duration?.units ?? "w"}
              units={["h", "d", "w"] as const}
              onChange={(units) => setFrequency({ mode: "interval", duration: { amount: frequency.duration?.amount ?? 1, units } })}
            />
          </div>
        )}
      </fieldset>

      <fieldset className={styles.fieldset} disabled={readOnly}>
        <legend className={styles.legend}>Overlap with other workflows</legend>
        <label className={styles.choice}>
          <input type="radio" name={`${id}-overlap`} checked={!overlap} onChange={() => setOverlap(undefined)} /> Do not check
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-overlap`}
            checked={overlap?.mode === "currentlyIn"}
            onChange={() => setOverlap({ mode: "currentlyIn", automationIDs: overlap?.automationIDs ?? [] })}
          />{" "}
          Skip contacts who are in one of these now
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-overlap`}
            checked={overlap?.mode === "recentlyIn"}
            onChange={() => setOverlap({ mode: "recentlyIn", automationIDs: overlap?.automationIDs ?? [], withinDays: 7 })}
          />{" "}
          Skip contacts who are in, or finished, one of these recently
        </label>
        {overlap?.mode === "recentlyIn" && (
          <div className={styles.inline}>
            <label className="label" htmlFor={`${id}-within`}>
              Within (days, 1-7)
            </label>
            <input
              id={`${id}-within`}
              className="input input-sm"
              type="number"
              min={1}
              max={7}
              value={overlap.withinDays ?? 7}
              onChange={(e) => setOverlap({ ...overlap, withinDays: Math.min(7, Math.max(1, Number(e.target.value) || 1)) })}
            />
          </div>
        )}
        {overlap && (
          <div className={styles.checklist} role="group" aria-label="Workflows to check">
            {others.length === 0 && <p className="hint">No other workflow yet.</p>}
            {others.map((o) => (
              <label key={o.id} className={styles.choice}>
                <input
                  type="checkbox"
                  checked={overlap.automationIDs.includes(o.id)}
                  onChange={(e) =>
                    setOverlap({
                      ...overlap,
                      automationIDs: e.target.checked ? [...overlap.automationIDs, o.id] : overlap.automationIDs.filter((x) => x !== o.id),
                    })
                  }
                />{" "}
                {o.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </div>
  );
}
