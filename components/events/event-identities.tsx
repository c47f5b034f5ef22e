"use client";
// The identities (name, origin, version) the brand's events arrive under. An event name under two
// identities is flagged: automations and segments bind to one identity, so the other's events are missed.
// Below them, the brand's declared custom event schemas with their properties.
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "@/components/contacts/contacts-client";
import { formatNumber } from "@/components/ui/format";
import { EmptyState } from "@/components/ui/empty-state";
import { eventIdentityKeys, getEventRegistry, type DeclaredEvent } from "./events-client";
import type { PropertyNode } from "@/lib/events/metadata/schemas";
import { userMessage } from "@/components/ui/messages";
import "./events.css";

const TYPE_WORDS: Record<PropertyNode["type"], string> = {
  string: "text",
  stringList: "list of text",
  integer: "whole number",
  integerList: "list of whole numbers",
  float: "number",
  floatList: "list of numbers",
  boolean: "yes / no",
  booleanList: "list of yes / no",
  date: "date",
  dateList: "list of dates",
  struct: "group of properties",
  structList: "list of groups",
};

function PropertyList({ properties }: { properties: Record<string, PropertyNode> }) {
  return (
    <ul className="property-tree">
      {Object.entries(properties).map(([key, node]) => (
        <li key={key}>
          <code>{key}</code> <span className="muted">{TYPE_WORDS[node.type]}</span>
          {node.displayName && <> · {node.displayName}</>}
          {node.description && <span className="muted small"> — {node.description}</span>}
          {node.properties && <PropertyList properties={node.properties} />}
        </li>
      ))}
    </ul>
  );
}

/** The brand's declared custom event schemas: events with their name and origin are checked against them. */
function DeclaredEvents({ declared }: { declared: DeclaredEvent[] }) {
  return (
    <section aria-labelledby="declared-title" className="stack">
      <h2 id="declared-title">Declared event schemas</h2>
      {declared.length === 0 ? (
        <p className="muted">
          None yet. Declare a custom event&apos;s properties with <code>POST /api/event-metadata</code>: events sent with its name and
          origin are then checked against the types you declare, and the segment builder offers its properties.
        </p>
      ) : (
        <ul className="declared-list">
          {declared.map((d) => (
            <li key={`${d.name}\u0000${d.origin}`} className="card">
              <h3 className="card-title">
                {d.displayName}{" "}
                <span className="muted small">
                  ({d.name}, from {d.origin})
                </span>{" "}
                {!d.seen && <span className="badge badge-muted">Not received yet</span>}
              </h3>
              <PropertyList properties={d.properties} />
              <p className="muted small">
                Declared {formatDateTime(d.createdAt)}, last changed {formatDateTime(d.updatedAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function EventIdentities() {
  const registry = useQuery({ queryKey: eventIdentityKeys.all, queryFn: getEventRegistry });

  if (registry.isPending) {
    return (
      <p className="loading" role="status">
        Loading events…
      </p>
    );
  }
  if (registry.isError) {
    return (
      <div className="alert alert-error" role="alert">
        <p>Could not load events: {userMessage(registry.error)}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => registry.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const { identities: rows, declared } = registry.data;
  if (rows.length === 0) {
    return (
      <div className="stack">
        <EmptyState title="No events yet">
          <p>
            Events your systems send to <code>POST /api/events</code> appear here once processed, one row per identity: the event&apos;s
            name, origin and version.
          </p>
        </EmptyState>
        <DeclaredEvents declared={declared} />
      </div>
    );
  }
  const conflicts = [...new Set(rows.filter((r) => r.conflict).map((r) => r.eventName))];
  return (
    <div className="stack">
      {conflicts.length > 0 && (
        <div className="alert alert-warning" role="note" aria-labelledby="identity-warning-title">
          <p id="identity-warning-title">
            <strong>
              {conflicts.length === 1 ? "One event name arrives" : `${conflicts.length} event names arrive`} under more than one identity
            </strong>
          </p>
          <p>
            Automations and segments bind to one identity (name, origin and version). Events under the other identity are silently missed.
            Send{" "}
            {conflicts.map((name, i) => (
              <span key={name}>
                {i > 0 && ", "}
                <strong>{name}</strong>
              </span>
            ))}{" "}
            in one mode only.
          </p>
        </div>
      )}
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Event identities</caption>
          <thead>
            <tr>
              <th scope="col">Event name</th>
              <th scope="col">Origin</th>
              <th scope="col">Version</th>
              <th scope="col" className="cell-number">
                Events
              </th>
              <th scope="col">First seen</th>
              <th scope="col">Last seen</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.eventName}\u0000${r.origin}\u0000${r.eventVersion}`} className={r.conflict ? "row-warning" : undefined}>
                <th scope="row" className="cell-strong">
                  {r.eventName}
                  {r.conflict && (
                    <>
                      {" "}
                      <span className="badge badge-warning">Mixed identities</span>
                    </>
                  )}
                  {r.declared && (
                    <>
                      {" "}
                      <span className="badge badge-success">Declared</span>
                    </>
                  )}
                </th>
                <td>{r.origin ?? <span className="muted">none (no-origin compatibility)</span>}</td>
                <td>{r.eventVersion ?? <span className="muted">custom</span>}</td>
                <td className="cell-number">{formatNumber(r.count)}</td>
                <td className="cell-nowrap">{formatDateTime(r.firstSeenAt)}</td>
                <td className="cell-nowrap">{formatDateTime(r.lastSeenAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DeclaredEvents declared={declared} />
    </div>
  );
}
