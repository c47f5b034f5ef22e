"use client";
// The Events page's live stream: the brand's events newest first, polled every 3 seconds for events
// received since the newest one shown (TanStack Query), filterable by name, contact and time. A row opens
// the event: what was sent, how processing went, and the contact it was attached to.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useState } from "react";
import type { z } from "zod";
import { useDebounced } from "@/components/segments/use-debounced";
import { Dialog } from "@/components/ui/dialog";
import { formatDateTimeSeconds } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { apiFetch } from "@/lib/client/api-fetch";
import type { EventLogDetail, EventLogEntryType, EventLogList } from "@/lib/events/log/event-log";
import { queryString } from "@/components/contacts/contacts-client";
import "./events.css";

type Filters = { name: string; contact: string; from: string; to: string };
type Detail = z.infer<typeof EventLogDetail>;

const POLL_MS = 3000;
const STATE: Record<EventLogEntryType["status"], { label: string; tone: string }> = {
  pending: { label: "Waiting", tone: "badge-muted" },
  done: { label: "Processed", tone: "badge-success" },
  parked: { label: "Failed", tone: "badge-danger" },
};
const OUTCOME: Record<string, string> = {
  processed: "Attached to the contact and applied to their profile.",
  duplicate: "Skipped: the same historical event was already processed.",
  "no-contact": "Processed without a contact (the event named nobody).",
};
const local = (value: string) => (value ? new Date(value).toISOString() : undefined);

export function EventStream() {
  const id = useId();
  const [filters, setFilters] = useState<Filters>({ name: "", contact: "", from: "", to: "" });
  const settled = useDebounced(filters, 400);
  const [openId, setOpenId] = useState<string | null>(null);
  const [live, setLive] = useState(true);
  const params = {
    name: settled.name.trim() || undefined,
    contact: settled.contact.trim() || undefined,
    from: local(settled.from),
    to: local(settled.to),
    limit: 100,
  };

  const stream = useQuery({
    queryKey: ["event-log", params],
    queryFn: () => apiFetch<z.infer<typeof EventLogList>>(`/api/event-log${queryString(params)}`),
    refetchInterval: live ? POLL_MS : false,
  });
  // Rows that arrived since the previous poll are marked for a moment.
  const [seen, setSeen] = useState<Set<string> | null>(null);
  const ids = stream.data?.events.map((e) => e.id) ?? [];
  const fresh = seen ? ids.filter((e) => !seen.has(e)) : [];
  const key = ids.join(",");
  useEffect(() => {
    const timer = setTimeout(() => setSeen(new Set(key ? key.split(",") : [])), 2500);
    return () => clearTimeout(timer);
  }, [key]);

  const set = (name: keyof Filters, value: string) => setFilters((f) => ({ ...f, [name]: value }));
  return (
    <section className="stack" aria-labelledby={`${id}-title`}>
      <div className="page-header-row">
        <h2 id={`${id}-title`} className="section-title">
          Live events
        </h2>
        <label className="checkbox">
          <input type="checkbox" checked={live} onChange={(e) => setLive(e.target.checked)} /> Show new events as they arrive
        </label>
      </div>
      <form className="filter-bar" role="search" aria-label="Filter events" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label className="label" htmlFor={`${id}-name`}>
            Event name
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={filters.name}
            onChange={(e) => set("name", e.target.value)}
            placeholder="placed order"
          />
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-contact`}>
            Contact
          </label>
          <input
            id={`${id}-contact`}
            className="input"
            value={filters.contact}
            onChange={(e) => set("contact", e.target.value)}
            placeholder="Email or phone"
          />
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-from`}>
            Received from
          </label>
          <input
            id={`${id}-from`}
            className="input"
            type="datetime-local"
            value={filters.from}
            onChange={(e) => set("from", e.target.value)}
          />
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-to`}>
            Received until
          </label>
          <input id={`${id}-to`} className="input" type="datetime-local" value={filters.to} onChange={(e) => set("to", e.target.value)} />
        </div>
      </form>

      {stream.isPending ? (
        <p className="loading" role="status">
          Loading events…
        </p>
      ) : stream.isError ? (
        <div className="alert alert-error" role="alert">
          <p>Could not load events: {userMessage(stream.error)}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => stream.refetch()}>
            Try again
          </button>
        </div>
      ) : stream.data.events.length === 0 ? (
        <div className="empty-state">
          <h3 className="empty-state-title">No events {filters.name || filters.contact || filters.from || filters.to ? "match" : "yet"}</h3>
          <p>Events sent to POST /api/events appear here within seconds.</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table table-compact">
            <caption className="visually-hidden">Events, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Contact</th>
                <th scope="col">Received</th>
                <th scope="col">Processing</th>
              </tr>
            </thead>
            <tbody>
              {stream.data.events.map((e) => (
                <tr key={e.id} className={fresh.includes(e.id) ? "row-fresh" : undefined}>
                  <th scope="row">
                    <button type="button" className="link-button" onClick={() => setOpenId(e.id)}>
                      {e.eventName}
                    </button>
                    {e.eventVersion ? <span className="muted small"> {e.eventVersion}</span> : null}
                  </th>
                  <td className="cell-truncate">{e.contactLabel ?? <span className="muted">—</span>}</td>
                  <td className="cell-nowrap">
                    <time dateTime={e.receivedAt}>{formatDateTimeSeconds(e.receivedAt)}</time>
                  </td>
                  <td>
                    <span className={`badge ${STATE[e.status].tone}`}>{STATE[e.status].label}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p role="status" className="muted small">
        {live ? "Updating every few seconds." : "Paused."} {fresh.length > 0 ? `${fresh.length} new.` : ""}
      </p>
      <EventDialog id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}

function EventDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ["event-log", "detail", id],
    queryFn: () => apiFetch<Detail>(`/api/event-log/${id}`),
    enabled: id !== null,
  });
  const d = detail.data;
  return (
    <Dialog open={id !== null} onClose={onClose} title={d ? d.eventName : "Event"} className="dialog-wide">
      {detail.isPending ? (
        <p className="loading" role="status">
          Loading the event…
        </p>
      ) : detail.isError ? (
        <p role="alert" className="field-error">
          {userMessage(detail.error)}
        </p>
      ) : d ? (
        <div className="stack">
          <dl className="detail-list">
            <dt>Processing</dt>
            <dd>
              <span className={`badge ${STATE[d.status].tone}`}>{STATE[d.status].label}</span>{" "}
              {d.status === "done"
                ? (OUTCOME[d.outcome ?? ""] ?? d.outcome)
                : d.status === "parked"
                  ? `Gave up after ${d.attempts} attempts: ${d.error ?? "unknown error"}`
                  : "Waiting for the worker."}
            </dd>
            <dt>Contact</dt>
            <dd>
              {d.contact ? (
                <Link href={`/contacts/${d.contact.id}`}>{d.contact.name ?? d.contact.email ?? d.contact.id}</Link>
              ) : (
                (d.contactLabel ?? "—")
              )}
            </dd>
            <dt>Event time</dt>
            <dd>{formatDateTimeSeconds(d.eventTime)}</dd>
            <dt>Received</dt>
            <dd>
              {formatDateTimeSeconds(d.receivedAt)}
              {d.processedAt ? `, processed ${formatDateTimeSeconds(d.processedAt)}` : ""}
            </dd>
            <dt>Origin</dt>
            <dd>{d.origin}</dd>
          </dl>
          <details>
            <summary>What was sent</summary>
            <pre className="code-block">{JSON.stringify(d.event, null, 2)}</pre>
          </details>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
