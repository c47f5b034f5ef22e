"use client";
// The brand's signup forms with their figures: views, submissions, confirmations, conversion and the
// bots dropped (the operator sees what the firewall kept out).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { CursorPager, useCursorPage } from "@/components/ui/cursor-pages";
import { EmptyState } from "@/components/ui/empty-state";
import { userMessage } from "@/components/ui/messages";
import { formKeys, listForms, percent, type Form } from "./forms-client";
import { LaneNotice } from "./lane-notice";
import "./forms.css";

const MODE_LABEL = { inline: "Inline", popup: "Popup", page: "Hosted page" } as const;
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export function FormsList() {
  const [cursor, setCursor] = useCursorPage("forms");
  const page = useQuery({
    queryKey: formKeys.page(cursor.after, cursor.before),
    queryFn: () => listForms(cursor.after, cursor.before),
    placeholderData: keepPreviousData,
  });
  if (page.isPending)
    return (
      <p className="loading" role="status">
        Loading forms…
      </p>
    );
  if (page.isError)
    return (
      <div className="alert alert-error" role="alert">
        <p>Could not load forms: {userMessage(page.error)}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => page.refetch()}>
          Try again
        </button>
      </div>
    );
  const forms: Form[] = page.data.forms;
  if (forms.length === 0)
    return (
      <EmptyState
        title="No forms yet"
        action={
          <Link className="btn btn-primary" href="/forms/new">
            Create a form
          </Link>
        }
      >
        <p>
          Signup forms collect subscribers on your website: inline in a page, as a popup, or on a hosted page. With double opt-in, people
          become subscribers when they confirm from their inbox.
        </p>
      </EmptyState>
    );
  return (
    <>
      <LaneNotice lane={forms[0].confirmationLane} />
      <div className="table-wrap">
        <table className="table table-stack" aria-busy={page.isFetching}>
          <caption className="visually-hidden">Signup forms</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Shown as</th>
              <th scope="col" className="cell-number">
                Views
              </th>
              <th scope="col" className="cell-number">
                Submissions
              </th>
              <th scope="col" className="cell-number">
                Confirmed
              </th>
              <th scope="col" className="cell-number">
                Conversion
              </th>
              <th scope="col" className="cell-number">
                Bots dropped
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {forms.map((f) => (
              <tr key={f.id}>
                <th scope="row" className="cell-strong" data-label="Name">
                  <Link href={`/forms/${f.id}`}>{f.name}</Link>
                </th>
                <td data-label="Shown as">{MODE_LABEL[f.display.mode]}</td>
                <td className="cell-number" data-label="Views">
                  {f.figures.views}
                </td>
                <td className="cell-number" data-label="Submissions">
                  {f.figures.submissions}
                </td>
                <td className="cell-number" data-label="Confirmed">
                  {f.figures.confirmations}
                </td>
                <td className="cell-number" data-label="Conversion">
                  {percent(f.figures.conversion)}
                </td>
                <td className="cell-number" data-label="Bots dropped">
                  {sum(f.figures.dropped)}
                </td>
                <td data-label="Status">
                  <span className={`badge ${f.status === "active" ? "badge-success" : "badge-muted"}`}>{f.status}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CursorPager cursor={cursor} paging={page.data.paging} onPage={setCursor} className="forms-paging" />
    </>
  );
}
