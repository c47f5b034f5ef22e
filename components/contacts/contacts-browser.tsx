"use client";
// Find contacts: search by email or phone, filter by status, tag or segment, sort, and page through
// the results (cursor paging; scrolling near the end or "Load more" fetches the next page).
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useCallback, useId, useState } from "react";
import { ApiError } from "@/lib/client/api-fetch";
import { listAllSegments, segmentKeys } from "@/components/segments/segments-client";
import { contactKeys, listContacts, type ContactFilters, type ContactSort } from "./contacts-client";
import { ContactsEmptyState } from "./contacts-empty-state";
import { ContactsTable } from "./contacts-table";
import { STATUS_OPTIONS } from "./status-badge";
import type { ContactStatus } from "./types";

type Props = {
  initialFilters?: ContactFilters;
  /** Members view of a segment: the segment filter is fixed and not shown. */
  segmentID?: string;
  /** Keep the filters in the address bar, so a search can be shared or reloaded. */
  syncUrl?: boolean;
  caption?: string;
};

/** An email when the text has an @, otherwise a phone number without its spacing. */
export function parseSearch(text: string): Pick<ContactFilters, "email" | "phone"> {
  const trimmed = text.trim();
  if (!trimmed) return {};
  if (trimmed.includes("@")) return { email: trimmed };
  return { phone: trimmed.replace(/[\s().-]/g, "") };
}

export function ContactsBrowser({ initialFilters = {}, segmentID, syncUrl = false, caption = "Contacts" }: Props) {
  const [filters, setFilters] = useState<ContactFilters>(segmentID ? { ...initialFilters, segmentID } : initialFilters);
  const [sort, setSort] = useState<ContactSort>({ sort: "createdAt", direction: "desc" });
  const [search, setSearch] = useState(initialFilters.email ?? initialFilters.phone ?? "");
  const [tagDraft, setTagDraft] = useState(initialFilters.tag ?? "");
  const formId = useId();

  const params = { ...filters, ...sort };
  const contacts = useInfiniteQuery({
    queryKey: contactKeys.list(params),
    queryFn: ({ pageParam }) => listContacts(params, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.paging.hasMore ? last.paging.cursors.after : undefined),
    placeholderData: keepPreviousData,
  });
  const segments = useQuery({ queryKey: segmentKeys.list, queryFn: listAllSegments, enabled: !segmentID });

  const apply = (next: ContactFilters) => {
    const clean = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== "")) as ContactFilters;
    setFilters(clean);
    if (syncUrl) {
      const url = new URL(window.location.href);
      url.search = new URLSearchParams(clean as Record<string, string>).toString();
      window.history.replaceState(null, "", url);
    }
  };
  const onSearch = (event: React.FormEvent) => {
    event.preventDefault();
    const { email: _email, phone: _phone, ...rest } = filters;
    apply({ ...rest, ...parseSearch(search), tag: tagDraft.trim() || undefined });
  };
  const clear = () => {
    setSearch("");
    setTagDraft("");
    apply(segmentID ? { segmentID } : {});
  };

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = contacts;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const rows = contacts.data?.pages.flatMap((p) => p.contacts) ?? [];
  // A search the API refuses (e.g. a phone number that cannot exist) is shown on the search field.
  const searchError =
    contacts.error instanceof ApiError && contacts.error.status === 400
      ? contacts.error.errors.filter((e) => e.field === "email" || e.field === "phone").map((e) => `${e.field === "email" ? "Email" : "Phone"} ${e.message}`).join("; ") || undefined
      : undefined;
  const filtered = Object.keys(filters).some((k) => k !== "segmentID" || !segmentID);

  return (
    <section aria-label={caption} className="stack">
      <form className="filter-bar" onSubmit={onSearch} role="search" aria-label={`Search ${caption.toLowerCase()}`}>
        <div className="field">
          <label className="label" htmlFor={`${formId}-search`}>
            Email or phone
          </label>
          <input
            id={`${formId}-search`}
            className="input"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="ada@example.com or +14155552671"
            aria-invalid={searchError ? true : undefined}
            aria-describedby={`${formId}-search-hint${searchError ? ` ${formId}-search-error` : ""}`}
          />
          <p id={`${formId}-search-hint`} className="hint">
            Exact address or number in international format.
          </p>
          {searchError && (
            <p id={`${formId}-search-error`} className="field-error">
              {searchError}
            </p>
          )}
        </div>
        <div className="field">
          <label className="label" htmlFor={`${formId}-status`}>
            Email status
          </label>
          <select
            id={`${formId}-status`}
            className="input"
            value={filters.status ?? ""}
            disabled={Boolean(filters.tag)}
            aria-describedby={filters.tag ? `${formId}-status-hint` : undefined}
            onChange={(e) => apply({ ...filters, status: (e.target.value || undefined) as ContactStatus | undefined })}
          >
            <option value="">Any</option>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {filters.tag && (
            <p id={`${formId}-status-hint`} className="hint">
              Not combinable with a tag filter.
            </p>
          )}
        </div>
        <div className="field">
          <label className="label" htmlFor={`${formId}-tag`}>
            Tag
          </label>
          <input
            id={`${formId}-tag`}
            className="input"
            value={tagDraft}
            disabled={Boolean(filters.status)}
            onChange={(e) => setTagDraft(e.target.value)}
            aria-describedby={filters.status ? `${formId}-tag-hint` : undefined}
          />
          {filters.status && (
            <p id={`${formId}-tag-hint`} className="hint">
              Not combinable with a status filter.
            </p>
          )}
        </div>
        {!segmentID && (
          <div className="field">
            <label className="label" htmlFor={`${formId}-segment`}>
              Segment
            </label>
            <select id={`${formId}-segment`} className="input" value={filters.segmentID ?? ""} onChange={(e) => apply({ ...filters, segmentID: e.target.value || undefined })}>
              <option value="">Any</option>
              {segments.data?.map((s) => (
                <option key={s.segmentID} value={s.segmentID}>
                  {s.name}
                </option>
              ))}
            </select>
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
      </form>

      {searchError ? (
        <p className="muted">Correct the search above to see contacts.</p>
      ) : contacts.isPending ? (
        <p className="loading" role="status">
          Loading contacts…
        </p>
      ) : contacts.isError && rows.length === 0 ? (
        <div className="alert alert-error" role="alert">
          <p>Could not load contacts: {contacts.error.message}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => contacts.refetch()}>
            Try again
          </button>
        </div>
      ) : rows.length === 0 ? (
        filtered ? (
          <div className="empty-state">
            <h2 className="empty-state-title">No contacts match</h2>
            <p>Check the address or number (phones need the country code, e.g. +44…), or clear the filters.</p>
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
          <ContactsTable contacts={rows} hasMore={Boolean(hasNextPage)} loadingMore={isFetchingNextPage} onLoadMore={loadMore} sort={sort} onSort={setSort} caption={caption} />
          <div className="table-footer">
            <p role="status" className="muted">
              {rows.length.toLocaleString()} {rows.length === 1 ? "contact" : "contacts"}
              {hasNextPage ? " loaded, more available" : ""}
              {contacts.isFetching && !isFetchingNextPage ? " (updating…)" : ""}
            </p>
            {hasNextPage && (
              <button type="button" className="btn btn-secondary" onClick={loadMore} disabled={isFetchingNextPage}>
                {isFetchingNextPage ? "Loading…" : "Load more"}
              </button>
            )}
            {contacts.isError && <p role="alert" className="field-error">Could not load more: {contacts.error.message}</p>}
          </div>
        </>
      )}
    </section>
  );
}
