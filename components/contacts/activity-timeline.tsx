"use client";
// A contact's events, newest first: name, time, origin, a few key properties, and the full JSON on demand.
import { useInfiniteQuery } from "@tanstack/react-query";
import { contactKeys, formatDateTime, listContactEvents } from "./contacts-client";
import type { ContactEvent } from "./types";

/** Up to three scalar properties, the ones a person scans for (ids and amounts read well at a glance). */
export function keyProperties(properties: Record<string, unknown>): [string, string][] {
  return Object.entries(properties)
    .filter(([, v]) => typeof v === "string" || typeof v === "number" || typeof v === "boolean")
    .slice(0, 3)
    .map(([k, v]) => [k, String(v).length > 60 ? `${String(v).slice(0, 57)}…` : String(v)]);
}

export function ActivityTimeline({ contactId }: { contactId: string }) {
  const events = useInfiniteQuery({
    queryKey: contactKeys.events(contactId),
    queryFn: ({ pageParam }) => listContactEvents(contactId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.paging.hasMore ? last.paging.cursors.after : undefined),
    // Events are processed asynchronously after the API accepts them; look again now and then.
    refetchInterval: 15_000,
  });
  const items = events.data?.pages.flatMap((p) => p.events) ?? [];

  return (
    <section aria-labelledby="timeline-title" className="card">
      <div className="card-header">
        <h2 id="timeline-title" className="card-title">
          Activity
        </h2>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => events.refetch()} disabled={events.isFetching}>
          {events.isFetching && !events.isFetchingNextPage ? "Refreshing…" : "Refresh"}
        </button>
      </div>
      {events.isPending ? (
        <p className="loading" role="status">
          Loading activity…
        </p>
      ) : events.isError && items.length === 0 ? (
        <div className="alert alert-error" role="alert">
          <p>Could not load activity: {events.error.message}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => events.refetch()}>
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="muted">No events yet. Events sent to the API for this contact appear here once processed.</p>
      ) : (
        <>
          <ol className="timeline" aria-label="Events, newest first">
            {items.map((event) => (
              <TimelineItem key={event.id} event={event} />
            ))}
          </ol>
          {events.hasNextPage && (
            <button type="button" className="btn btn-secondary" onClick={() => events.fetchNextPage()} disabled={events.isFetchingNextPage}>
              {events.isFetchingNextPage ? "Loading…" : "Load older events"}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function TimelineItem({ event }: { event: ContactEvent }) {
  const props = keyProperties(event.properties);
  return (
    <li className="timeline-item">
      <div className="timeline-head">
        <span className="timeline-name">{event.eventName}</span>
        {event.eventVersion && <span className="badge badge-muted">{event.eventVersion.startsWith("v") ? event.eventVersion : `v${event.eventVersion}`}</span>}
        <span className="muted">from {event.origin}</span>
        <time dateTime={event.eventTime} className="timeline-time">
          {formatDateTime(event.eventTime)}
        </time>
      </div>
      {props.length > 0 && (
        <dl className="inline-props">
          {props.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
      <details className="json-details">
        <summary>Show JSON</summary>
        <pre className="code-block" tabIndex={0}>
          <code>{JSON.stringify(event, null, 2)}</code>
        </pre>
      </details>
    </li>
  );
}
