"use client";
// The contacts table: real <table> semantics with a virtualized body (only the rows in view are in the
// DOM, with padding rows above and below), so thousands of loaded rows still scroll smoothly.
// aria-rowcount/aria-rowindex tell screen readers where a row sits in the whole list. Columns can be
// hidden (the column picker); rows can be selected for bulk actions.
import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "next/link";
import { memo, useEffect, useRef } from "react";
import { formatDate, formatDateTime } from "@/components/ui/format";
import type { SearchSort } from "./contacts-client";
import { displayName } from "./contacts-client";
import { StatusBadge } from "./status-badge";
import type { Contact } from "./types";
import "./contacts.css";

const ROW_HEIGHT = 49;
/** Tags shown in a row before "+N". */
const TAGS_SHOWN = 1;

export const COLUMNS = [
  { id: "email", label: "Email", sort: "email" },
  { id: "phone", label: "Phone" },
  { id: "status", label: "Email status" },
  { id: "sms", label: "SMS status" },
  { id: "tags", label: "Tags" },
  { id: "createdAt", label: "Created", sort: "createdAt" },
  { id: "updatedAt", label: "Updated", sort: "updatedAt" },
] as const satisfies readonly { id: string; label: string; sort?: SearchSort["sort"] }[];
export type ColumnId = (typeof COLUMNS)[number]["id"];

type Props = {
  contacts: Contact[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  sort: SearchSort;
  onSort: (sort: SearchSort) => void;
  caption: string;
  columns: ReadonlySet<ColumnId>;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
};

export function ContactsTable({
  contacts,
  total,
  hasMore,
  loadingMore,
  onLoadMore,
  sort,
  onSort,
  caption,
  columns,
  selected,
  onSelect,
}: Props) {
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
  const shown = COLUMNS.filter((c) => columns.has(c.id));
  const span = shown.length + 2;
  const allLoadedSelected = contacts.length > 0 && contacts.every((c) => selected.has(c.id));

  // Scrolling near the end fetches the next page; the "Load more" button below does the same for keyboards.
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= contacts.length - 10) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, contacts.length, onLoadMore]);

  return (
    <div ref={scroller} className="table-scroll" tabIndex={0} role="region" aria-label={`${caption}, scrollable`}>
      <table className="table table-virtual" aria-rowcount={total + 1}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="cell-check">
              <input
                type="checkbox"
                aria-label="Select all loaded contacts"
                checked={allLoadedSelected}
                onChange={(e) =>
                  onSelect(
                    contacts.map((c) => c.id),
                    e.target.checked,
                  )
                }
              />
            </th>
            <SortHeader label="Name" field="name" sort={sort} onSort={onSort} />
            {shown.map((c) =>
              "sort" in c ? (
                <SortHeader key={c.id} label={c.label} field={c.sort} sort={sort} onSort={onSort} />
              ) : (
                <th key={c.id} scope="col">
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true" className="virtual-padding">
              <td colSpan={span} style={{ height: paddingTop }} />
            </tr>
          )}
          {items.map((item) => {
            const contact = contacts[item.index];
            return (
              <ContactRow
                key={contact.id}
                contact={contact}
                rowIndex={item.index + 2}
                columns={columns}
                checked={selected.has(contact.id)}
                onSelect={onSelect}
              />
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" className="virtual-padding">
              <td colSpan={span} style={{ height: paddingBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <span className="muted">—</span>;
  const rest = tags.length - TAGS_SHOWN;
  return (
    <ul className="tag-list" aria-label="Tags" title={tags.join(", ")}>
      {tags.slice(0, TAGS_SHOWN).map((tag) => (
        <li key={tag} className="tag">
          {tag}
        </li>
      ))}
      {rest > 0 && (
        <li className="tag tag-more">
          +{rest}
          <span className="visually-hidden"> more: {tags.slice(TAGS_SHOWN).join(", ")}</span>
        </li>
      )}
    </ul>
  );
}

type RowProps = {
  contact: Contact;
  rowIndex: number;
  columns: ReadonlySet<ColumnId>;
  checked: boolean;
  onSelect: (ids: string[], on: boolean) => void;
};

/** One row; memoized so scrolling re-renders only the rows that come into view. */
const ContactRow = memo(function ContactRow({ contact, rowIndex, columns, checked, onSelect }: RowProps) {
  const sms = contact.identifiers.find((i) => i.type === "phone")?.channels.sms?.status;
  const name = displayName(contact);
  const cells: Record<ColumnId, React.ReactNode> = {
    email: <td className="cell-truncate">{contact.email ?? <span className="muted">—</span>}</td>,
    phone: <td className="cell-truncate">{contact.phone.length ? contact.phone.join(", ") : <span className="muted">—</span>}</td>,
    status: (
      <td>
        <StatusBadge status={contact.status} channel="Email" />
      </td>
    ),
    sms: (
      <td>
        <StatusBadge status={sms} channel="SMS" />
      </td>
    ),
    tags: (
      <td className="cell-tags">
        <Tags tags={contact.tags} />
      </td>
    ),
    createdAt: (
      <td className="cell-nowrap">
        <time dateTime={contact.createdAt} title={formatDateTime(contact.createdAt)}>
          {formatDate(contact.createdAt)}
        </time>
      </td>
    ),
    updatedAt: (
      <td className="cell-nowrap">
        <time dateTime={contact.updatedAt} title={formatDateTime(contact.updatedAt)}>
          {formatDate(contact.updatedAt)}
        </time>
      </td>
    ),
  };
  return (
    <tr aria-rowindex={rowIndex} style={{ height: ROW_HEIGHT }} aria-selected={checked}>
      <td className="cell-check">
        <input type="checkbox" aria-label={`Select ${name}`} checked={checked} onChange={(e) => onSelect([contact.id], e.target.checked)} />
      </td>
      <th scope="row" className="cell-strong cell-truncate">
        {/* No prefetch: scrolling through thousands of rows would fire a request per row that comes into view. */}
        <Link href={`/contacts/${contact.id}`} prefetch={false}>
          {name}
        </Link>
      </th>
      {COLUMNS.filter((c) => columns.has(c.id)).map((c) => (
        <CellSlot key={c.id}>{cells[c.id]}</CellSlot>
      ))}
    </tr>
  );
});

const CellSlot = ({ children }: { children: React.ReactNode }) => <>{children}</>;

function SortHeader({
  label,
  field,
  sort,
  onSort,
}: {
  label: string;
  field: SearchSort["sort"];
  sort: SearchSort;
  onSort: (sort: SearchSort) => void;
}) {
  const active = sort.sort === field;
  const textual = field === "name" || field === "email";
  const next: SearchSort = { sort: field, direction: active ? (sort.direction === "desc" ? "asc" : "desc") : textual ? "asc" : "desc" };
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
