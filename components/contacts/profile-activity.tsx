"use client";
// A contact's activity, newest first, each event drawn for what it is (profile-event-card.tsx), with
// filters by event type and time that the API applies (so paging walks only matching events).
import "./contacts.css"; // first: profile.module.css (imported here and by the parts below) refines it
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCount, formatNumber } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { activityKeys, listActivity, listEventNames, type EventNameCount } from "./profile-client";
import { EventCard } from "./profile-event-card";
import { eventLabel, hasFilters, NO_FILTERS, rangeProblem, TIME_RANGES, type ActivityFilters, type TimeRange } from "./profile-events";
import styles from "./profile.module.css";

export function ActivityTimeline({ contactId }: { contactId: string }) {
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const invalidRange = rangeProblem(filters);
  const names = useQuery({ queryKey: activityKeys.names(contactId), queryFn: () => listEventNames(contactId), refetchInterval: 15_000 });
  const events = useInfiniteQuery({
    queryKey: activityKeys.events(contactId, filters),
    queryFn: ({ pageParam }) => listActivity(contactId, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.paging.hasMore ? last.paging.cursors.after : undefined),
    enabled: !invalidRange,
    // Events are processed asynchronously after the API accepts them; look again now and then.
    refetchInterval: 15_000,
    // While the next filter's answer loads, the previous list stays (no flash of "Loading").
    placeholderData: (previous) => previous,
  });
  const items = events.data?.pages.flatMap((p) => p.events) ?? [];
  const filtered = hasFilters(filters);
  const total = names.data?.reduce((n, e) => n + e.count, 0) ?? 0;
  const refresh = () => {
    void names.refetch();
    void events.refetch();
  };

  return (
    <section aria-labelledby="timeline-title" className="card">
      <div className="card-header">
        <h2 id="timeline-title" className="card-title">
          Activity
        </h2>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={refresh}
          disabled={events.isFetching && !events.isPlaceholderData}
        >
          {events.isFetching && !events.isFetchingNextPage && !events.isPlaceholderData ? "Refreshing…" : "Refresh"}
        </button>
      </div>
      {(total > 0 || filtered) && (
        <Filters
          filters={filters}
          onChange={setFilters}
          names={names.data ?? []}
          namesError={names.isError ? userMessage(names.error) : undefined}
          invalidRange={invalidRange}
        />
      )}
      {invalidRange ? null : events.isPending ? (
        <p className="loading" role="status">
          Loading activity…
        </p>
      ) : events.isError && items.length === 0 ? (
        <div className="alert alert-error" role="alert">
          <p>Could not load activity: {userMessage(events.error)}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => events.refetch()}>
            Try again
          </button>
        </div>
      ) : items.length === 0 && filtered ? (
        <EmptyState
          title="No events match these filters"
          headingLevel={3}
          action={
            <button type="button" className="btn btn-secondary" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </button>
          }
        >
          <p>Try more event types or a longer time range.</p>
        </EmptyState>
      ) : items.length === 0 ? (
        <p className="muted">No events yet. Events sent to the API for this contact appear here once processed.</p>
      ) : (
        <>
          <p className="muted small" role="status">
            {filtered
              ? events.hasNextPage
                ? `Showing the newest ${formatCount(items.length, "matching event", "matching events")}`
                : formatCount(items.length, "event matches", "events match")
              : events.hasNextPage
                ? `Showing the newest ${formatNumber(items.length)} of ${formatCount(Math.max(total, items.length), "event", "events")}`
                : formatCount(items.length, "event", "events")}
          </p>
          <ol className="timeline" aria-label="Events, newest first" aria-busy={events.isPlaceholderData || undefined}>
            {items.map((event) => (
              <EventCard key={event.id} event={event} />
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

type FiltersProps = {
  filters: ActivityFilters;
  onChange: (filters: ActivityFilters) => void;
  names: EventNameCount[];
  namesError?: string;
  invalidRange?: string;
};

/** Event types as checkboxes (none checked: every type), a time range, and a way back to everything. */
function Filters({ filters, onChange, names, namesError, invalidRange }: FiltersProps) {
  const id = useId();
  const whenRef = useRef<HTMLSelectElement>(null);
  const set = (patch: Partial<ActivityFilters>) => onChange({ ...filters, ...patch });
  const toggle = (name: string, on: boolean) => set({ names: on ? [...filters.names, name] : filters.names.filter((n) => n !== name) });
  // A selected name the contact no longer has (erased events) stays visible so it can be unchecked.
  const offered = [
    ...names,
    ...filters.names.filter((n) => !names.some((e) => e.eventName === n)).map((eventName) => ({ eventName, count: 0, lastEventTime: "" })),
  ];
  const clear = () => {
    onChange(NO_FILTERS);
    // The button disappears with the filters; keep the keyboard where it was working.
    whenRef.current?.focus();
  };
  return (
    <form className={styles.filters} role="search" aria-label="Filter activity" onSubmit={(e) => e.preventDefault()}>
      <fieldset className={styles.types}>
        <legend className="label">Event types</legend>
        {namesError ? (
          <p className="field-error">Could not load the event types: {namesError}</p>
        ) : (
          <ul className={styles.chips}>
            {offered.map(({ eventName, count }) => (
              <li key={eventName}>
                <label className={styles.chip}>
                  <input
                    type="checkbox"
                    checked={filters.names.includes(eventName)}
                    onChange={(e) => toggle(eventName, e.target.checked)}
                  />
                  <span>{eventLabel(eventName)}</span>
                  <span className={styles.chipCount} aria-hidden="true">
                    {formatNumber(count)}
                  </span>
                  <span className="visually-hidden">, {formatCount(count, "event", "events")}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className={styles.timeFields}>
        <div className="field">
          <label className="label" htmlFor={`${id}-when`}>
            When
          </label>
          <select
            ref={whenRef}
            id={`${id}-when`}
            className="input"
            value={filters.when}
            onChange={(e) => set({ when: e.target.value as TimeRange })}
          >
            {TIME_RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        {filters.when === "custom" && (
          <>
            <div className="field">
              <label className="label" htmlFor={`${id}-from`}>
                From
              </label>
              <input
                id={`${id}-from`}
                className="input"
                type="date"
                value={filters.fromDay}
                max={filters.toDay || undefined}
                onChange={(e) => set({ fromDay: e.target.value })}
              />
            </div>
            <div className="field">
              <label className="label" htmlFor={`${id}-to`}>
                Until
              </label>
              <input
                id={`${id}-to`}
                className="input"
                type="date"
                value={filters.toDay}
                min={filters.fromDay || undefined}
                onChange={(e) => set({ toDay: e.target.value })}
                aria-invalid={invalidRange ? true : undefined}
                aria-describedby={invalidRange ? `${id}-range-error` : undefined}
              />
            </div>
          </>
        )}
        {hasFilters(filters) && (
          <button type="button" className={`btn btn-ghost btn-sm ${styles.clear}`} onClick={clear}>
            Clear filters
          </button>
        )}
      </div>
      {invalidRange && (
        <p id={`${id}-range-error`} className="field-error" role="alert">
          {invalidRange}
        </p>
      )}
    </form>
  );
}
