"use client";
// The brand's segments, a page at a time (the API's cursors), each with its size as kept and when it was
// counted: the page costs one request for its rows and one for their sizes, whatever the number of
// segments. Searching by name asks for the matching segments with their sizes in one request.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "@/components/contacts/contacts-client";
import { CursorPager, NameSearchAndSort, useCursorPage } from "@/components/ui/cursor-pages";
import { EmptyState } from "@/components/ui/empty-state";
import { userMessage } from "@/components/ui/messages";
import { SegmentSize } from "./segment-size";
import {
  listSegmentsPage,
  segmentKeys,
  segmentSummaries,
  type Segment,
  type SegmentPageParams,
  type SegmentSummary,
} from "./segments-client";
import { useDebounced } from "./use-debounced";
import styles from "./segments-list.module.css";

const PAGE_SIZE = 50;
/** Sizes still being counted (a new or changed definition) are asked for again this often. */
const COUNTING_POLL_MS = 5000;

const SORTS = {
  "name:asc": "Name A–Z",
  "name:desc": "Name Z–A",
  "createdAt:desc": "Newest first",
  "createdAt:asc": "Oldest first",
} as const;
type SortKey = keyof typeof SORTS;

function describe(segment: Segment): string {
  const conditions = segment.conditionGroups.reduce((n, g) => n + g.conditions.length, 0);
  const groups = segment.conditionGroups.length;
  return `${conditions} ${conditions === 1 ? "condition" : "conditions"} in ${groups} ${groups === 1 ? "group" : "groups"}`;
}

const counting = (rows: SegmentSummary[] | undefined) => rows?.some((s) => s.contactsCount === null && s.status !== "archived") ?? false;

export function SegmentsList() {
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<SortKey>("name:asc");
  const nameContains = useDebounced(search.trim(), 300);
  const [cursor, setCursor] = useCursorPage(sort);
  const [field, direction] = sort.split(":") as [SegmentPageParams["sort"], SegmentPageParams["direction"]];
  const params: SegmentPageParams = { sort: field, direction, limit: PAGE_SIZE, after: cursor.after, before: cursor.before };

  const page = useQuery({
    queryKey: segmentKeys.page(params),
    queryFn: () => listSegmentsPage(params),
    placeholderData: keepPreviousData,
    enabled: !nameContains,
  });
  const ids = page.data?.segments.map((s) => s.segmentID) ?? [];
  // The sizes of the page's rows: one request for all of them.
  const sizes = useQuery({
    queryKey: segmentKeys.summariesOf({ ids }),
    queryFn: () => segmentSummaries({ ids }),
    enabled: !nameContains && ids.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (counting(query.state.data) ? COUNTING_POLL_MS : false),
  });
  // Searching: the matching segments and their sizes in one request.
  const found = useQuery({
    queryKey: segmentKeys.summariesOf({ nameContains, limit: PAGE_SIZE }),
    queryFn: () => segmentSummaries({ nameContains, limit: PAGE_SIZE }),
    enabled: !!nameContains,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (counting(query.state.data) ? COUNTING_POLL_MS : false),
  });

  const rows: Segment[] = nameContains ? (found.data ?? []) : (page.data?.segments ?? []);
  const summaries = new Map((nameContains ? found.data : sizes.data)?.map((s) => [s.segmentID, s]));
  const asOf = nameContains ? found.dataUpdatedAt : sizes.dataUpdatedAt;
  const list = nameContains ? found : page;

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <p className="loading" role="status">
        Loading segments…
      </p>
    );
  } else if (list.isError) {
    body = (
      <div className="alert alert-error" role="alert">
        <p>Could not load segments: {userMessage(list.error)}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => list.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (rows.length === 0 && nameContains) {
    body = (
      <EmptyState title="No segment matches">
        <p>No segment name contains “{nameContains}”.</p>
      </EmptyState>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        title="No segments yet"
        action={
          <Link className="btn btn-primary" href="/segments/new">
            Create a segment
          </Link>
        }
      >
        <p>
          Segments group your contacts by who they are (status, tags, profile, custom properties) and what they did (events), so a message
          reaches the right people.
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div className="table-wrap">
          <table className="table table-stack" aria-busy={list.isFetching}>
            <caption className="visually-hidden">Segments</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="cell-number">
                  Contacts
                </th>
                <th scope="col">Definition</th>
                <th scope="col">Status</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.segmentID}>
                  <th scope="row" className="cell-strong" data-label="Name">
                    <Link href={`/segments/${s.segmentID}`}>{s.name}</Link>
                  </th>
                  <td className="cell-number" data-label="Contacts">
                    {sizes.isError && !nameContains ? (
                      <span className="field-error">Could not load</span>
                    ) : !nameContains && (sizes.isPending || sizes.isPlaceholderData) ? (
                      <span className="muted">Loading…</span>
                    ) : (
                      <SegmentSize summary={summaries.get(s.segmentID)} now={asOf} />
                    )}
                  </td>
                  <td data-label="Definition">{describe(s)}</td>
                  <td data-label="Status">
                    <span className={`badge ${s.status === "ready" ? "badge-success" : "badge-muted"}`}>{s.status}</span>
                  </td>
                  <td className="cell-nowrap" data-label="Updated">
                    {formatDateTime(s.updatedAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted small">
          Sizes are counted when a segment changes and again in the background; open a segment for its exact size now.
          {nameContains && rows.length === PAGE_SIZE
            ? ` Showing the first ${PAGE_SIZE} matches: type more of the name to narrow them.`
            : ""}
        </p>
      </>
    );
  }

  return (
    <>
      <NameSearchAndSort
        search={search}
        onSearch={setSearch}
        sort={sort}
        sorts={SORTS}
        onSort={setSort}
        showSort={!nameContains}
        className={styles.filters}
      />
      {body}
      {!nameContains && rows.length > 0 && (
        <CursorPager cursor={cursor} paging={page.data?.paging} onPage={setCursor} className={styles.paging} />
      )}
    </>
  );
}
