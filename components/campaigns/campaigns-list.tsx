"use client";
// The brand's campaigns, a page at a time (cursors), filtered by status and searched by name. A page
// costs two requests whatever the brand's size: the page of campaigns and their figures (open and click
// rates and attributed revenue from counters kept as outcomes arrive), never one request per row.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCount, formatDateTime, formatMoney, formatNumber } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { useDebounced } from "@/components/segments/use-debounced";
import { campaignFigures, campaignKeys, listCampaigns, type Campaign, type CampaignFigures, type CampaignStatus } from "./campaigns-client";
import { formatRate, STATUS_BADGES, STATUS_LABELS, TYPE_LABELS } from "./campaign-words";
import "./campaigns.css";

const FILTERS: { label: string; status?: CampaignStatus[] }[] = [
  { label: "All" },
  { label: "Drafts", status: ["draft"] },
  { label: "Scheduled", status: ["scheduled"] },
  { label: "Sending", status: ["started", "paused", "stopped"] },
  { label: "Sent", status: ["sent"] },
  { label: "Canceled or failed", status: ["canceled", "error", "expired"] },
];
const PAGE = 25;

export const campaignHref = (c: Campaign) => (c.status === "draft" ? `/campaigns/${c.id}/edit` : `/campaigns/${c.id}`);

function sendTime(c: Campaign): string {
  if (c.startedAt) return formatDateTime(c.startedAt);
  if (c.sendingSettings.scheduledAt) return `${formatDateTime(c.sendingSettings.scheduledAt)} (planned)`;
  return "—";
}

export function CampaignsList() {
  const [filter, setFilter] = useState(0);
  const [search, setSearch] = useState("");
  const [cursor, setCursor] = useState<{ after?: string; before?: string }>({});
  const nameContains = useDebounced(search.trim(), 300);
  const filters = { status: FILTERS[filter].status, nameContains: nameContains || undefined, ...cursor, limit: PAGE };
  const page = useQuery({ queryKey: campaignKeys.list(filters), queryFn: () => listCampaigns(filters), placeholderData: keepPreviousData });
  const ids = page.data?.campaigns.map((c) => c.id) ?? [];
  const figures = useQuery({
    queryKey: campaignKeys.figures(ids),
    queryFn: () => campaignFigures(ids),
    enabled: ids.length > 0,
  });
  const byId = new Map<string, CampaignFigures>((figures.data?.figures ?? []).map((f) => [f.campaignID, f]));
  const currency = figures.data?.currency;
  const reset = () => setCursor({});

  return (
    <div className="stack">
      <div className="cluster campaigns-filters" role="search">
        <div className="field field-inline">
          <label className="label" htmlFor="campaign-status">
            Show
          </label>
          <select
            id="campaign-status"
            className="input"
            value={filter}
            onChange={(e) => {
              setFilter(Number(e.target.value));
              reset();
            }}
          >
            {FILTERS.map((f, i) => (
              <option key={f.label} value={i}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-inline">
          <label className="label" htmlFor="campaign-search">
            Search by name
          </label>
          <input
            id="campaign-search"
            className="input"
            type="search"
            value={search}
            maxLength={200}
            onChange={(e) => {
              setSearch(e.target.value);
              reset();
            }}
          />
        </div>
      </div>

      {page.isPending ? (
        <p className="loading" role="status">
          Loading campaigns…
        </p>
      ) : page.isError ? (
        <div className="alert alert-error" role="alert">
          <p>Could not load campaigns: {userMessage(page.error)}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => page.refetch()}>
            Try again
          </button>
        </div>
      ) : page.data.campaigns.length === 0 ? (
        filter === 0 && !nameContains && !cursor.after && !cursor.before ? (
          <EmptyState
            title="No campaigns yet"
            action={
              <Link className="btn btn-primary" href="/campaigns/new">
                Create a campaign
              </Link>
            }
          >
            <p>
              A campaign sends one email to a segment of your contacts, now or at a time you choose, and reports who opened and clicked.
            </p>
          </EmptyState>
        ) : (
          <p className="muted" role="status">
            No campaigns match. Try another filter or search.
          </p>
        )
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table-stack campaigns-table">
              <caption className="visually-hidden">Campaigns</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="cell-number">
                    Recipients
                  </th>
                  <th scope="col">Send time</th>
                  <th scope="col" className="cell-number">
                    Open rate
                  </th>
                  <th scope="col" className="cell-number">
                    Click rate
                  </th>
                  <th scope="col" className="cell-number">
                    Revenue
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.data.campaigns.map((c) => {
                  const f = byId.get(c.id);
                  const started = Boolean(c.startedAt);
                  return (
                    <tr key={c.id}>
                      <th scope="row" className="cell-strong" data-label="Name">
                        <Link href={campaignHref(c)}>{c.name}</Link>
                        {c.type !== "regular" && <span className="badge badge-xs badge-muted campaign-type">{TYPE_LABELS[c.type]}</span>}
                      </th>
                      <td data-label="Status">
                        <span className={`badge ${STATUS_BADGES[c.status]}`}>{STATUS_LABELS[c.status]}</span>
                      </td>
                      <td className="cell-number" data-label="Recipients">
                        {started && f ? formatNumber(f.recipients) : "—"}
                      </td>
                      <td className="cell-nowrap" data-label="Send time">
                        {sendTime(c)}
                      </td>
                      <td className="cell-number" data-label="Open rate">
                        {started ? (f ? formatRate(f.openRate) : figures.isError ? "?" : "…") : "—"}
                      </td>
                      <td className="cell-number" data-label="Click rate">
                        {started ? (f ? formatRate(f.clickRate) : figures.isError ? "?" : "…") : "—"}
                      </td>
                      <td className="cell-number" data-label="Revenue">
                        {started ? (f ? formatMoney(f.revenue, currency) : figures.isError ? "?" : "…") : "—"}
                        {started && f && f.orders > 0 && <span className="muted small"> · {formatCount(f.orders, "order", "orders")}</span>}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {figures.isError && (
            <p className="alert alert-warning" role="status">
              Open and click rates and revenue could not be loaded: {userMessage(figures.error)}
            </p>
          )}
          <nav className="cluster" aria-label="Pages of campaigns">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={!(cursor.after || cursor.before) || (cursor.before !== undefined && !page.data.paging.hasMore)}
              onClick={() => setCursor({ before: page.data.paging.cursors.before })}
            >
              Newer
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={cursor.before === undefined && !page.data.paging.hasMore}
              onClick={() => setCursor({ after: page.data.paging.cursors.after })}
            >
              Older
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
