"use client";
// The brand's workflows, a page at a time (the API's cursors), with each one's state and figures: entered,
// in progress, emails sent, opened, clicked, the revenue attributed to them. The figures of a page come in one request, whatever the page's size.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCount, formatDateTime, formatMoney, formatNumber } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { automationFigures, automationKeys, listAutomations } from "./automations-client";
import { triggerSummary } from "./builder/words";
import styles from "./automations.module.css";

type Cursor = { after?: string; before?: string };

export function AutomationsList() {
  const [cursor, setCursor] = useState<Cursor>({});
  const key = cursor.after ? `a:${cursor.after}` : cursor.before ? `b:${cursor.before}` : undefined;
  const page = useQuery({ queryKey: automationKeys.page(key), queryFn: () => listAutomations(cursor), placeholderData: keepPreviousData });
  const ids = page.data?.automations.map((a) => a.id) ?? [];
  const figures = useQuery({ queryKey: automationKeys.figures(ids), queryFn: () => automationFigures(ids), enabled: ids.length > 0 });
  if (page.isPending)
    return (
      <p className="loading" role="status">
        Loading automations…
      </p>
    );
  if (page.isError)
    return (
      <div className="alert alert-error" role="alert">
        <p>Could not load automations: {userMessage(page.error)}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => page.refetch()}>
          Try again
        </button>
      </div>
    );
  if (page.data.automations.length === 0 && !cursor.after && !cursor.before)
    return (
      <EmptyState
        title="No automations yet"
        action={
          <Link className="btn btn-primary" href="/automations/new">
            Create an automation
          </Link>
        }
      >
        <p>
          Automations send the right email when a contact does something: a welcome when they subscribe, their cart when they leave it, a
          gift on their birthday.
        </p>
      </EmptyState>
    );
  const byId = new Map((figures.data?.figures ?? []).map((f) => [f.automationID, f]));
  const figure = (id: string, pick: (f: NonNullable<ReturnType<typeof byId.get>>) => number) => {
    const f = byId.get(id);
    if (figures.isError) return <span className="muted">–</span>;
    return f ? formatNumber(pick(f)) : <span className="muted">…</span>;
  };
  // Attributed to the workflow's emails (the click model, docs/campaigns.md "Revenue"), in the brand's currency.
  const revenue = (id: string) => {
    const f = byId.get(id);
    if (figures.isError) return <span className="muted">–</span>;
    if (!f) return <span className="muted">…</span>;
    return (
      <>
        {formatMoney(f.revenue, figures.data?.currency)}
        {f.orders > 0 && <span className="muted small"> · {formatCount(f.orders, "order", "orders")}</span>}
      </>
    );
  };
  const { paging } = page.data;
  return (
    <>
      {figures.isError && (
        <p className="alert alert-warning" role="status">
          The figures could not be loaded: {userMessage(figures.error)}
        </p>
      )}
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Automations</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Trigger</th>
              <th scope="col" className="cell-number">
                Entered
              </th>
              <th scope="col" className="cell-number">
                In progress
              </th>
              <th scope="col" className="cell-number">
                Sent
              </th>
              <th scope="col" className="cell-number">
                Opened
              </th>
              <th scope="col" className="cell-number">
                Clicked
              </th>
              <th scope="col" className="cell-number">
                Revenue
              </th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {page.data.automations.map((a) => (
              <tr key={a.id}>
                <th scope="row" className="cell-strong">
                  <Link href={`/automations/${a.id}`}>{a.name}</Link>
                </th>
                <td>
                  <span className={`badge ${a.isEnabled ? "badge-success" : "badge-muted"}`}>{a.isEnabled ? "Enabled" : "Disabled"}</span>
                  {byId.get(a.id)?.emailsPaused && (
                    <span className="badge badge-warning" title={byId.get(a.id)!.emailsPaused!}>
                      Emails paused
                    </span>
                  )}
                </td>
                <td className={styles.trigger}>{triggerSummary(a.trigger)}</td>
                <td className="cell-number">{figure(a.id, (f) => f.entered)}</td>
                <td className="cell-number">{figure(a.id, (f) => f.inProgress)}</td>
                <td className="cell-number">{figure(a.id, (f) => f.emailsSent)}</td>
                <td className="cell-number">{figure(a.id, (f) => f.emailsOpened)}</td>
                <td className="cell-number">{figure(a.id, (f) => f.emailsClicked)}</td>
                <td className="cell-number" data-testid="automation-revenue">
                  {revenue(a.id)}
                </td>
                <td className="cell-nowrap">{formatDateTime(a.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className={styles.pager} aria-label="Pages of automations">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={!(cursor.after || (cursor.before && paging.hasMore)) || !paging.cursors.before}
          onClick={() => setCursor({ before: paging.cursors.before ?? undefined })}
        >
          Previous
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={!((cursor.before && paging.cursors.after) || (!cursor.before && paging.hasMore))}
          onClick={() => setCursor({ after: paging.cursors.after ?? undefined })}
        >
          Next
        </button>
      </nav>
    </>
  );
}
