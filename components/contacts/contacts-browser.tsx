"use client";
// Find contacts: one search box (name, part of an email, phone), filters that combine (email status,
// tag, segment, created and updated ranges), the total at the top, sorting by name, email or dates, a
// column picker, and a selection for bulk actions. Pages load as the table scrolls ("Load more" too).
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useState } from "react";
import { SegmentPicker } from "@/components/segments/segment-picker";
import { useDebounced } from "@/components/segments/use-debounced";
import { formatCount, formatNumber } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { BulkActions } from "./bulk-actions";
import { BulkJobs } from "./bulk-jobs";
import { contactKeys, searchContacts, type ContactView, type SearchSort } from "./contacts-client";
import { ContactsEmptyState } from "./contacts-empty-state";
import { COLUMNS, ContactsTable, type ColumnId } from "./contacts-table";
import { STATUS_OPTIONS } from "./status-badge";
import type { ContactStatus } from "./types";
import "./contacts.css";

type Props = {
  initialView?: ContactView;
  /** Members view of a segment: the segment filter is fixed and not shown. */
  segmentID?: string;
  /** Keep the filters in the address bar, so a search can be shared or reloaded. */
  syncUrl?: boolean;
  caption?: string;
};

const COLUMNS_KEY = "inkwell.contacts.columns";
const DEFAULT_COLUMNS: ColumnId[] = COLUMNS.map((c) => c.id);

/** A date input's day as the start (or end) of that day in the viewer's time zone, ISO. */
function dayBound(day: string | undefined, end: boolean): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split("-").map(Number);
  return (end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d)).toISOString();
}
/** An ISO bound back to the viewer's day for the date input. */
function dayOf(iso: string | undefined): string {
  if (!iso) return "";
  const at = new Date(iso);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`;
}

export function ContactsBrowser({ initialView = {}, segmentID, syncUrl = false, caption = "Contacts" }: Props) {
  // The filters apart from the text, which `typed` carries.
  const [view, setView] = useState<ContactView>(() => {
    const { q: _q, ...rest } = initialView;
    return segmentID ? { ...rest, segmentID } : rest;
  });
  const [sort, setSort] = useState<SearchSort>({ sort: "createdAt", direction: "desc" });
  const [text, setText] = useState(initialView.q ?? "");
  const [tagDraft, setTagDraft] = useState(initialView.tag ?? "");
  const [columns, setColumns] = useState<Set<ColumnId>>(() => new Set(DEFAULT_COLUMNS));
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const formId = useId();
  const typed = useDebounced(text.trim(), 300);

  // The column choice is the viewer's own; read after mount so the server render matches.
  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(COLUMNS_KEY) ?? "null") as ColumnId[] | null;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage is only readable after mount
      if (Array.isArray(saved)) setColumns(new Set(saved.filter((id) => DEFAULT_COLUMNS.includes(id))));
    } catch {
      // a broken saved value: keep the defaults
    }
  }, []);
  const toggleColumn = (id: ColumnId, on: boolean) =>
    setColumns((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      localStorage.setItem(COLUMNS_KEY, JSON.stringify([...next]));
      return next;
    });

  const apply = useCallback(
    (next: ContactView) => {
      const { q: _q, ...rest } = next;
      const clean = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== "")) as ContactView;
      setView(clean);
      setSelected(new Set());
      if (syncUrl) {
        const url = new URL(window.location.href);
        const q = url.searchParams.get("q");
        url.search = new URLSearchParams({ ...clean, ...(q ? { q } : {}) } as Record<string, string>).toString();
        window.history.replaceState(null, "", url);
      }
    },
    [syncUrl],
  );

  // Typing searches once the typing pauses: the text is part of the view as soon as it settles.
  const current: ContactView = { ...view, q: typed || undefined };
  useEffect(() => {
    if (!syncUrl) return;
    const url = new URL(window.location.href);
    if (typed) url.searchParams.set("q", typed);
    else url.searchParams.delete("q");
    window.history.replaceState(null, "", url);
  }, [typed, syncUrl]);

  const params = { ...current, ...sort };
  const contacts = useInfiniteQuery({
    queryKey: contactKeys.search(params),
    queryFn: ({ pageParam }) => searchContacts(params, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + last.contacts.length < last.total ? last.offset + last.contacts.length : undefined),
    placeholderData: keepPreviousData,
  });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    apply({ ...view, tag: tagDraft.trim() || undefined });
  };
  const clear = () => {
    setText("");
    setTagDraft("");
    apply(segmentID ? { segmentID } : {});
  };
  const onSelect = useCallback((ids: string[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = contacts;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const rows = contacts.data?.pages.flatMap((p) => p.contacts) ?? [];
  const total = contacts.data?.pages[0]?.total ?? 0;
  const capped = contacts.data?.pages[0]?.capped ?? false;
  const filtered = Object.keys(current).some((k) => current[k as keyof ContactView] !== undefined && (k !== "segmentID" || !segmentID));
  const setRange = (key: "createdFrom" | "createdTo" | "updatedFrom" | "updatedTo", day: string) =>
    apply({ ...view, [key]: dayBound(day, key.endsWith("To")) });

  return (
    <section aria-label={caption} className="stack">
      <form className="filter-bar" onSubmit={onSubmit} role="search" aria-label={`Search ${caption.toLowerCase()}`}>
        <div className="field">
          <label className="label" htmlFor={`${formId}-search`}>
            Search
          </label>
          <input
            id={`${formId}-search`}
            className="input"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Name, email or phone"
            aria-describedby={`${formId}-search-hint`}
          />
          <p id={`${formId}-search-hint`} className="hint">
            Part of a name, an email address or a phone number.
          </p>
        </div>
        <div className="field">
          <label className="label" htmlFor={`${formId}-status`}>
            Email status
          </label>
          <select
            id={`${formId}-status`}
            className="input"
            value={view.status ?? ""}
            onChange={(e) => apply({ ...view, status: (e.target.value || undefined) as ContactStatus | undefined })}
          >
            <option value="">Any</option>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="label" htmlFor={`${formId}-tag`}>
            Tag
          </label>
          <input
            id={`${formId}-tag`}
            className="input"
            value={tagDraft}
            onChange={(e) => setTagDraft(e.target.value)}
            onBlur={() => tagDraft.trim() !== (view.tag ?? "") && apply({ ...view, tag: tagDraft.trim() || undefined })}
          />
        </div>
        {!segmentID && (
          <div className="field">
            <label className="label" htmlFor={`${formId}-segment`}>
              Segment
            </label>
            <SegmentPicker id={`${formId}-segment`} value={view.segmentID} onChange={(segment) => apply({ ...view, segmentID: segment })} />
          </div>
        )}
        <div className="filter-actions">
          <button type="submit" className="btn btn-primary">
            Search
          </button>
          {filtered && (
            <button type="button" className="btn btn-secondary" onClick={clear}>
              Clear
            </button>
          )}
        </div>
        <details
          className="filter-more"
          open={Boolean(view.createdFrom || view.createdTo || view.updatedFrom || view.updatedTo) || undefined}
        >
          <summary>Dates</summary>
          <div className="filter-dates">
            {(["createdFrom", "createdTo", "updatedFrom", "updatedTo"] as const).map((key) => (
              <div className="field" key={key}>
                <label className="label" htmlFor={`${formId}-${key}`}>
                  {
                    { createdFrom: "Created from", createdTo: "Created until", updatedFrom: "Updated from", updatedTo: "Updated until" }[
                      key
                    ]
                  }
                </label>
                <input
                  id={`${formId}-${key}`}
                  className="input"
                  type="date"
                  value={dayOf(view[key])}
                  onChange={(e) => setRange(key, e.target.value)}
                />
              </div>
            ))}
          </div>
        </details>
      </form>

      <div className="table-toolbar">
        <p role="status" className="table-total">
          {contacts.isPending
            ? ""
            : capped
              ? `More than ${formatCount(total, "contact", "contacts")} match`
              : formatCount(total, "contact", "contacts")}
          {filtered && !contacts.isPending && !capped ? " match" : ""}
          {capped && <span className="muted"> Add a word or a filter to narrow the search.</span>}
          {contacts.isFetching && !contacts.isPending && !isFetchingNextPage ? <span className="muted"> (updating…)</span> : null}
        </p>
        <BulkActions view={current} selected={selected} total={total} capped={capped} onDone={() => setSelected(new Set())} />
        <details className="column-picker">
          <summary className="btn btn-secondary btn-sm">Columns</summary>
          <fieldset className="column-picker-menu">
            <legend className="visually-hidden">Columns to show</legend>
            {COLUMNS.map((c) => (
              <label key={c.id} className="checkbox">
                <input type="checkbox" checked={columns.has(c.id)} onChange={(e) => toggleColumn(c.id, e.target.checked)} /> {c.label}
              </label>
            ))}
          </fieldset>
        </details>
      </div>

      {/* A segment's page lists its jobs beside its tag form. */}
      {!segmentID && <BulkJobs />}

      {contacts.isPending ? (
        <p className="loading" role="status">
          Loading contacts…
        </p>
      ) : contacts.isError && rows.length === 0 ? (
        <div className="alert alert-error" role="alert">
          <p>Could not load contacts: {userMessage(contacts.error)}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => contacts.refetch()}>
            Try again
          </button>
        </div>
      ) : rows.length === 0 ? (
        filtered ? (
          <div className="empty-state">
            <h2 className="empty-state-title">No contacts match</h2>
            <p>Try fewer words or another filter, or clear the filters.</p>
            <button type="button" className="btn btn-secondary" onClick={clear}>
              Clear filters
            </button>
          </div>
        ) : segmentID ? (
          <div className="empty-state">
            <h2 className="empty-state-title">No members yet</h2>
            <p>No contact matches this segment&apos;s conditions right now.</p>
          </div>
        ) : (
          <ContactsEmptyState />
        )
      ) : (
        <>
          <ContactsTable
            contacts={rows}
            total={total}
            hasMore={Boolean(hasNextPage)}
            loadingMore={isFetchingNextPage}
            onLoadMore={loadMore}
            sort={sort}
            onSort={setSort}
            caption={caption}
            columns={columns}
            selected={selected}
            onSelect={onSelect}
          />
          <div className="table-footer">
            <p className="muted">
              {rows.length < total ? `Showing ${formatCount(rows.length, "contact", "contacts")} of ${formatNumber(total)}` : null}
            </p>
            {hasNextPage && (
              <button type="button" className="btn btn-secondary" onClick={loadMore} disabled={isFetchingNextPage}>
                {isFetchingNextPage ? "Loading…" : "Load more"}
              </button>
            )}
            {contacts.isError && (
              <p role="alert" className="field-error">
                Could not load more: {userMessage(contacts.error)}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
