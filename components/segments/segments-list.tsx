"use client";
// The brand's segments with their size now (each counted by the API).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDateTime } from "@/components/contacts/contacts-client";
import { EmptyState } from "@/components/ui/empty-state";
import { listAllSegments, segmentCount, segmentKeys, type Segment } from "./segments-client";
import { userMessage } from "@/components/ui/messages";
import { formatNumber } from "@/components/ui/format";

function describe(segment: Segment): string {
  const conditions = segment.conditionGroups.reduce((n, g) => n + g.conditions.length, 0);
  const groups = segment.conditionGroups.length;
  return `${conditions} ${conditions === 1 ? "condition" : "conditions"} in ${groups} ${groups === 1 ? "group" : "groups"}`;
}

function Count({ id }: { id: string }) {
  const count = useQuery({ queryKey: segmentKeys.count(id), queryFn: () => segmentCount(id) });
  if (count.isPending) return <span className="muted">Counting…</span>;
  if (count.isError) return <span className="field-error">Could not count</span>;
  return <>{formatNumber(count.data)}</>;
}

export function SegmentsList() {
  const segments = useQuery({ queryKey: segmentKeys.list, queryFn: listAllSegments });
  if (segments.isPending) {
    return (
      <p className="loading" role="status">
        Loading segments…
      </p>
    );
  }
  if (segments.isError) {
    return (
      <div className="alert alert-error" role="alert">
        <p>Could not load segments: {userMessage(segments.error)}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => segments.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (segments.data.length === 0) {
    return (
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
  }
  return (
    <div className="table-wrap">
      <table className="table">
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
          {segments.data.map((s) => (
            <tr key={s.segmentID}>
              <th scope="row" className="cell-strong">
                <Link href={`/segments/${s.segmentID}`}>{s.name}</Link>
              </th>
              <td className="cell-number">
                <Count id={s.segmentID} />
              </td>
              <td>{describe(s)}</td>
              <td>
                <span className={`badge ${s.status === "ready" ? "badge-success" : "badge-muted"}`}>{s.status}</span>
              </td>
              <td className="cell-nowrap">{formatDateTime(s.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
