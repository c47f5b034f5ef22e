"use client";
// A list paged with the API's cursors (templates, segments): its search by name and sort, the page it is
// on (back to page 1 when the search or sort changes, since a cursor belongs to one of them), and the
// Previous / Next buttons under it. One page is one request, whatever the size of the list.
import { useId, useState } from "react";

export type CursorPage = { after?: string; before?: string; page: number };
type Paging = { hasMore: boolean; cursors: { after?: string | null; before?: string | null } };

/** The page a list is on; `key` names its search and sort, and a new one starts again at page 1. */
export function useCursorPage(key: string): [CursorPage, (next: CursorPage) => void] {
  const [state, setState] = useState<CursorPage & { key: string }>({ page: 1, key });
  const cursor = state.key === key ? state : { page: 1 };
  return [cursor, (next) => setState({ ...next, key })];
}

/** Previous / Next under a list (nothing when it fits on one page). */
export function CursorPager({
  cursor,
  paging,
  onPage,
  className,
}: {
  cursor: CursorPage;
  paging: Paging | undefined;
  onPage: (next: CursorPage) => void;
  className?: string;
}) {
  const hasNext = cursor.before !== undefined ? true : !!paging?.hasMore;
  const hasPrevious = cursor.page > 1;
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className={`cluster ${className ?? ""}`} aria-label="Pages">
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={!hasPrevious || !paging?.cursors.before}
        onClick={() => onPage({ before: paging!.cursors.before ?? undefined, page: cursor.page - 1 })}
      >
        ← Previous
      </button>
      <span className="muted">Page {cursor.page}</span>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={!hasNext || !paging?.cursors.after}
        onClick={() => onPage({ after: paging!.cursors.after ?? undefined, page: cursor.page + 1 })}
      >
        Next →
      </button>
    </nav>
  );
}

/** The search by name and the sort over a list (the sort hidden while it does not apply, e.g. searching). */
export function NameSearchAndSort<Sort extends string>({
  search,
  onSearch,
  sort,
  sorts,
  onSort,
  showSort = true,
  className,
}: {
  search: string;
  onSearch: (text: string) => void;
  sort: Sort;
  sorts: Record<Sort, string>;
  onSort: (sort: Sort) => void;
  showSort?: boolean;
  className?: string;
}) {
  const searchId = useId();
  const sortId = useId();
  return (
    <div className={`cluster ${className ?? ""}`}>
      <div className="field">
        <label className="label" htmlFor={searchId}>
          Search by name
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={search}
          maxLength={200}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Name contains…"
        />
      </div>
      {showSort && (
        <div className="field">
          <label className="label" htmlFor={sortId}>
            Sort
          </label>
          <select id={sortId} className="input" value={sort} onChange={(e) => onSort(e.target.value as Sort)}>
            {(Object.entries(sorts) as [Sort, string][]).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
