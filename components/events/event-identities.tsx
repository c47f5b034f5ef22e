"use client";
// The identities (name, origin, version) the brand's events arrive under. An event name under two
// identities is flagged: automations and segments bind to one identity, so the other's events are missed.
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "@/components/contacts/contacts-client";
import { EmptyState } from "@/components/ui/empty-state";
import { eventIdentityKeys, listEventIdentities } from "./events-client";

export function EventIdentities() {
  const identities = useQuery({ queryKey: eventIdentityKeys.all, queryFn: listEventIdentities });

  if (identities.isPending) {
    return (
      <p className="loading" role="status">
        Loading events…
      </p>
    );
  }
  if (identities.isError) {
    return (
      <div className="alert alert-error" role="alert">
        <p>Could not load events: {identities.error.message}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => identities.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const rows = identities.data;
  if (rows.length === 0) {
    return (
      <EmptyState title="No events yet">
        <p>
          Events your systems send to <code>POST /api/events</code> appear here once processed, one row per identity: the event&apos;s name, origin and version.
        </p>
      </EmptyState>
    );
  }
  const conflicts = [...new Set(rows.filter((r) => r.conflict).map((r) => r.eventName))];
  return (
    <div className="stack">
      {conflicts.length > 0 && (
        <div className="alert alert-warning" role="note" aria-labelledby="identity-warning-title">
          <p id="identity-warning-title">
            <strong>{conflicts.length === 1 ? "One event name arrives" : `${conflicts.length} event names arrive`} under more than one identity</strong>
          </p>
          <p>
            Automations and segments bind to one identity (name, origin and version). Events under the other identity are silently missed. Send{" "}
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
                </th>
                <td>{r.origin ?? <span className="muted">none (no-origin compatibility)</span>}</td>
                <td>{r.eventVersion ?? <span className="muted">custom</span>}</td>
                <td className="cell-number">{r.count.toLocaleString()}</td>
                <td className="cell-nowrap">{formatDateTime(r.firstSeenAt)}</td>
                <td className="cell-nowrap">{formatDateTime(r.lastSeenAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
