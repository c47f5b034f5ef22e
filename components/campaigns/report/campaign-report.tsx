"use client";
// A campaign's report: its figures (revenue among them), the figures over time (the first 48 hours by
// hour, then by day: charts, with their numbers in tables for screen readers and keyboards), A/B variants
// side by side, a comparison with the brand's last five campaigns, the click map (the email with each link's
// clicks on it, in a sandboxed frame), and the recipients table filtered by outcome, with a CSV export.
// Four requests a view: the campaign, its report, the click map, a page of recipients.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCount, formatDateTime, formatMoney, formatNumber } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import {
  campaignKeys,
  getCampaign,
  getClickMap,
  getRecipients,
  getReport,
  recipientsExportUrl,
  type CampaignReport,
  type Outcome,
} from "../campaigns-client";
import { Figure } from "../campaign-progress";
import { formatRate, LIVE_STATUSES, skipReasonsText, STATUS_BADGES, STATUS_LABELS } from "../campaign-words";
import { Comparison } from "./comparison";
import { DailyChart, HourlyChart } from "./daily-chart";
import "../campaigns.css";

const OUTCOME_LABELS: Record<Outcome | "", string> = {
  "": "Everyone",
  sent: "Sent",
  opened: "Opened",
  clicked: "Clicked",
  notOpened: "Did not open",
  bounced: "Bounced",
  unsubscribed: "Unsubscribed",
  complained: "Marked as spam",
  skipped: "Skipped",
  failed: "Failed",
  pending: "Waiting to go",
};

function Figures({ report }: { report: CampaignReport }) {
  const t = report.totals;
  return (
    <dl className="figure-grid">
      <Figure label="Recipients" value={formatNumber(report.recipients)} hint="Contacts the email went to (skipped ones apart)" />
      <Figure
        label="Skipped"
        value={formatNumber(report.skipped.count)}
        hint={skipReasonsText(report.skipped.reasons, formatNumber) || "Nobody was skipped"}
      />
      <Figure
        label="Revenue"
        value={formatMoney(t.revenue, report.currency)}
        hint={`${formatCount(t.orders, "order", "orders")} placed within the window after a click on this email`}
      />
      <Figure label="Revenue per recipient" value={formatMoney(t.revenuePerRecipient, report.currency)} />
      <Figure label="Delivered" value={formatNumber(t.delivered)} />
      <Figure label="Bounced" value={`${formatNumber(t.bounced)} (${formatRate(t.bounceRate)})`} />
      <Figure
        label="Opened"
        value={`${formatNumber(t.uniqueOpens)} (${formatRate(t.openRate)})`}
        hint={`${formatCount(t.opens, "open", "opens")} in all`}
      />
      <Figure
        label="Clicked"
        value={`${formatNumber(t.uniqueClicks)} (${formatRate(t.clickRate)})`}
        hint={`${formatCount(t.clicks, "click", "clicks")} in all`}
      />
      <Figure label="Click-through rate" value={formatRate(t.clickThroughRate)} hint="Clicked, of those who opened" />
      <Figure label="Unsubscribed" value={`${formatNumber(t.unsubscribes)} (${formatRate(t.unsubscribeRate)})`} />
      <Figure label="Marked as spam" value={formatNumber(t.complaints)} />
      <Figure
        label="Revenue, opens model"
        value={formatMoney(t.openRevenue, report.currency)}
        hint={`${formatCount(t.openOrders, "order", "orders")} placed after an open or a click (a second model: not added to revenue)`}
      />
      <Figure
        label="Machine opens and clicks"
        value={`${formatNumber(t.machineOpens)} / ${formatNumber(t.machineClicks)}`}
        hint="Mail privacy proxies and link scanners: kept out of the rates"
      />
    </dl>
  );
}

function Parts({ report }: { report: CampaignReport }) {
  if (report.parts.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="report-parts-title">
      <h2 id="report-parts-title" className="card-title">
        A/B test
      </h2>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Figures per variant</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col" className="cell-number">
                Sent
              </th>
              <th scope="col" className="cell-number">
                Open rate
              </th>
              <th scope="col" className="cell-number">
                Click rate
              </th>
              <th scope="col" className="cell-number">
                Unsubscribed
              </th>
              <th scope="col" className="cell-number">
                Orders
              </th>
              <th scope="col" className="cell-number">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {report.parts.map((p) => (
              <tr key={p.part}>
                <th scope="row">{p.label}</th>
                <td className="cell-number">{formatNumber(p.figures.sent)}</td>
                <td className="cell-number">{formatRate(p.figures.openRate)}</td>
                <td className="cell-number">{formatRate(p.figures.clickRate)}</td>
                <td className="cell-number">{formatNumber(p.figures.unsubscribes)}</td>
                <td className="cell-number">{formatNumber(p.figures.orders)}</td>
                <td className="cell-number">{formatMoney(p.figures.revenue, report.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ClickMap({ id, report }: { id: string; report: CampaignReport }) {
  const [variant, setVariant] = useState<"" | "a" | "b">("");
  const map = useQuery({
    queryKey: campaignKeys.clickMap(id, variant),
    queryFn: () => getClickMap(id, variant),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="card stack" aria-labelledby="report-clicks-title">
      <h2 id="report-clicks-title" className="card-title">
        Clicks
      </h2>
      {report.parts.length > 0 && (
        <div className="field field-inline">
          <label className="label" htmlFor="click-map-variant">
            Email
          </label>
          <select id="click-map-variant" className="input" value={variant} onChange={(e) => setVariant(e.target.value as "" | "a" | "b")}>
            <option value="">The winner (or variant A)</option>
            <option value="a">Variant A</option>
            <option value="b">Variant B</option>
          </select>
        </div>
      )}
      {report.links.length === 0 ? (
        <p className="muted">No clicks yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table-compact">
            <caption className="visually-hidden">Clicks per link</caption>
            <thead>
              <tr>
                <th scope="col">Link</th>
                <th scope="col" className="cell-number">
                  Clicks
                </th>
                <th scope="col" className="cell-number">
                  Recipients who clicked
                </th>
              </tr>
            </thead>
            <tbody>
              {report.links.map((l) => (
                <tr key={l.url}>
                  <th scope="row" className="link-cell">
                    {l.url}
                  </th>
                  <td className="cell-number">{formatNumber(l.clicks)}</td>
                  <td className="cell-number">{formatNumber(l.uniqueClicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {map.isPending ? (
        <p className="loading" role="status">
          Loading the click map…
        </p>
      ) : map.isError ? (
        <p className="alert alert-error" role="alert">
          Could not show the click map: {userMessage(map.error)}
        </p>
      ) : (
        <iframe
          title="Click map: the email with each link's clicks"
          sandbox=""
          srcDoc={map.data.html}
          className="click-map-frame"
          data-testid="click-map"
        />
      )}
    </section>
  );
}

function RecipientsTable({ id }: { id: string }) {
  const [outcome, setOutcome] = useState<Outcome | "">("");
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors[cursors.length - 1];
  const page = useQuery({
    queryKey: campaignKeys.recipients(id, outcome, after),
    queryFn: () => getRecipients(id, outcome, after),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="card stack" aria-labelledby="report-recipients-title">
      <h2 id="report-recipients-title" className="card-title">
        Recipients
      </h2>
      <div className="cluster campaigns-filters">
        <div className="field field-inline">
          <label className="label" htmlFor="recipients-outcome">
            Show
          </label>
          <select
            id="recipients-outcome"
            className="input"
            value={outcome}
            onChange={(e) => {
              setOutcome(e.target.value as Outcome | "");
              setCursors([]);
            }}
          >
            {Object.entries(OUTCOME_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <a className="btn btn-secondary" href={recipientsExportUrl(id, outcome)} download>
          Export to CSV
        </a>
      </div>
      {page.isPending ? (
        <p className="loading" role="status">
          Loading recipients…
        </p>
      ) : page.isError ? (
        <p className="alert alert-error" role="alert">
          Could not load recipients: {userMessage(page.error)}
        </p>
      ) : page.data.recipients.length === 0 ? (
        <p className="muted" role="status">
          No recipients {outcome ? `with the outcome “${OUTCOME_LABELS[outcome].toLowerCase()}”` : "yet"}.
        </p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table-stack table-compact">
              <caption className="visually-hidden">Recipients and what happened</caption>
              <thead>
                <tr>
                  <th scope="col">Email address</th>
                  <th scope="col">Status</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Opened</th>
                  <th scope="col">Clicked</th>
                </tr>
              </thead>
              <tbody>
                {page.data.recipients.map((r) => (
                  <tr key={r.messageID}>
                    <th scope="row" data-label="Email address">
                      {r.contactID ? <Link href={`/contacts/${r.contactID}`}>{r.email ?? "(no address)"}</Link> : (r.email ?? "—")}
                      {r.part && r.part !== "rest" && <span className="muted small"> · variant {r.part.toUpperCase()}</span>}
                    </th>
                    <td data-label="Status">
                      {r.status}
                      {r.reason && <span className="muted small"> ({r.reason})</span>}
                    </td>
                    <td data-label="Sent">{formatDateTime(r.sentAt)}</td>
                    <td data-label="Opened">{formatDateTime(r.openedAt)}</td>
                    <td data-label="Clicked">{formatDateTime(r.clickedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="cluster" aria-label="Pages of recipients">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={cursors.length === 0}
              onClick={() => setCursors(cursors.slice(0, -1))}
            >
              Previous
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={!page.data.paging.hasMore}
              onClick={() => page.data.paging.cursors.after && setCursors([...cursors, page.data.paging.cursors.after])}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

export function CampaignReportPage({ id }: { id: string }) {
  const campaign = useQuery({ queryKey: campaignKeys.detail(id), queryFn: () => getCampaign(id) });
  const live = campaign.data ? LIVE_STATUSES.includes(campaign.data.status) : false;
  const report = useQuery({ queryKey: campaignKeys.report(id), queryFn: () => getReport(id), refetchInterval: live ? 10_000 : false });
  if (report.isPending || campaign.isPending)
    return (
      <p className="loading" role="status">
        Loading the report…
      </p>
    );
  if (report.isError || campaign.isError)
    return (
      <div className="alert alert-error" role="alert">
        <p>
          Could not load the report:{" "}
          {userMessage(report.error ?? campaign.error, { 404: "this campaign does not exist (it may have been deleted)." })}
        </p>
        <Link href="/campaigns">Back to campaigns</Link>
      </div>
    );
  const r = report.data;
  const c = campaign.data;
  return (
    <div className="stack">
      <div className="page-header">
        <p className="breadcrumb">
          <Link href="/campaigns">Campaigns</Link> / <Link href={`/campaigns/${id}`}>{c.name}</Link>
        </p>
        <h1 className="page-title">Report: {c.name}</h1>
        <p className="cluster">
          <span className={`badge ${STATUS_BADGES[c.status]}`}>{STATUS_LABELS[c.status]}</span>
          <span className="muted">
            {r.startedAt ? `Sent ${formatDateTime(r.startedAt)}` : "Not sent yet"} · figures as of {formatDateTime(r.asOf)}
          </span>
        </p>
      </div>
      {!r.startedAt ? (
        <EmptyState title="Nothing to report yet">
          <p>The report fills in once the campaign starts sending.</p>
        </EmptyState>
      ) : (
        <>
          <section className="card stack" aria-labelledby="report-figures-title">
            <h2 id="report-figures-title" className="card-title">
              How it did
            </h2>
            <Figures report={r} />
          </section>
          <section className="card stack" aria-labelledby="report-time-title">
            <h2 id="report-time-title" className="card-title">
              Over time
            </h2>
            <h3 className="chart-heading">The first 48 hours, by hour</h3>
            <HourlyChart hourly={r.hourly} />
            <h3 className="chart-heading">By day</h3>
            <DailyChart daily={r.daily} />
          </section>
          <Parts report={r} />
          <Comparison report={r} />
          <ClickMap id={id} report={r} />
          <RecipientsTable id={id} />
        </>
      )}
    </div>
  );
}
