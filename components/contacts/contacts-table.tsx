"use client";
// The contacts table: real <table> semantics with a virtualized body (only the rows in view are in the
// DOM, with padding rows above and below), so thousands of loaded rows still scroll smoothly.
// aria-rowcount/aria-rowindex tell screen readers where a row sits in the whole list.
import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "next/link";
import { memo, useEffect, useRef } from "react";
import type { ContactSort } from "./contacts-client";
import { displayName, formatDate, formatDateTime } from "./contacts-client";
import { StatusBadge } from "./status-badge";
import type { Contact } from "./types";

const ROW_HEIGHT = 49;
const COLUMNS = 8;

type Props = {
  contacts: Contact[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  sort: ContactSort;
  onSort: (sort: ContactSort) => void;
  caption: string;
};

export function ContactsTable({ contacts, hasMore, loadingMore, onLoadMore, sort, onSort, caption }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual's API returns fresh functions each render, which the React Compiler lint flags; it is the documented usage.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: contacts.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length > 0 ? items[0].start : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const lastIndex = items.length > 0 ? items[items.length - 1].index : -1;

  // Scrolling near the end fetches the next page; the "Load more" button below does the same for keyboards.
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= contacts.length - 10) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, contacts.length, onLoadMore]);

  return (
    <div ref={scroller} className="table-scroll" tabIndex={0} role="region" aria-label={`${caption}, scrollable`}>
      <table className="table table-virtual" aria-rowcount={hasMore ? -1 : contacts.length + 1}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Phone</th>
            <th scope="col">Email status</th>
            <th scope="col">SMS status</th>
            <th scope="col">Tags</th>
            <SortHeader label="Created" field="createdAt" sort={sort} onSort={onSort} />
            <SortHeader label="Updated" field="updatedAt" sort={sort} onSort={onSort} />
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true" className="virtual-padding">
              <td colSpan={COLUMNS} style={{ height: paddingTop }} />
            </tr>
          )}
          {items.map((item) => (
            <ContactRow key={contacts[item.index].id} contact={contacts[item.index]} rowIndex={item.index + 2} />
          ))}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" className="virtual-padding">
              <td colSpan={COLUMNS} style={{ height: paddingBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** One row; memoized so scrolling re-renders only the rows that come into view. */
const ContactRow = memo(function ContactRow({ contact, rowIndex }: { contact: Contact; rowIndex: number }) {
  const sms = contact.identifiers.find((i) => i.type === "phone")?.channels.sms?.status;
  return (
    <tr aria-rowindex={rowIndex} style={{ height: ROW_HEIGHT }}>
      <th scope="row" className="cell-strong cell-truncate">
        {/* No prefetch: scrolling through thousands of rows would fire a request per row that comes into view. */}
        <Link href={`/contacts/${contact.id}`} prefetch={false}>
          {displayName(contact)}
        </Link>
      </th>
      <td className="cell-truncate">{contact.email ?? <span className="muted">—</span>}</td>
      <td className="cell-truncate">{contact.phone.length ? contact.phone.join(", ") : <span className="muted">—</span>}</td>
      <td>
        <StatusBadge status={contact.status} channel="Email" />
      </td>
      <td>
        <StatusBadge status={sms} channel="SMS" />
      </td>
      <td className="cell-truncate" title={contact.tags.join(", ") || undefined}>
        {contact.tags.length ? (
          <ul className="tag-list" aria-label="Tags">
            {contact.tags.map((tag) => (
              <li key={tag} className="tag">
                {tag}
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td className="cell-nowrap">
        <time dateTime={contact.createdAt} title={formatDateTime(contact.createdAt)}>
          {formatDate(contact.createdAt)}
        </time>
      </td>
      <td className="cell-nowrap">
        <time dateTime={contact.updatedAt} title={formatDateTime(contact.updatedAt)}>
          {formatDate(contact.updatedAt)}
        </time>
      </td>
    </tr>
  );
});

function SortHeader({ label, field, sort, onSort }: { label: string; field: ContactSort["sort"]; sort: ContactSort; onSort: (sort: ContactSort) => void }) {
  const active = sort.sort === field;
  const next: ContactSort = { sort: field, direction: active && sort.direction === "desc" ? "asc" : "desc" };
  return (
    <th scope="col" aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(next)}>
        {label}
        <span aria-hidden="true" className="sort-indicator">
          {active ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}
