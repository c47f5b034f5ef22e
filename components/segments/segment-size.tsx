"use client";
// A segment's size as kept (counted when its definition changed, refreshed in the background), with the
// time it was counted: "12,345" and "as of 5 minutes ago". The exact count now is on the segment's page.
import { formatAgo, formatDateTime, formatNumber } from "@/components/ui/format";
import type { SegmentSummary } from "./segments-client";
import styles from "./segment-size.module.css";

export function SegmentSize({ summary, now }: { summary: SegmentSummary | undefined; now: number }) {
  if (!summary) return <span className="muted">—</span>;
  if (summary.contactsCount === null || summary.countedAt === null) return <span className="muted">Counting…</span>;
  return (
    <>
      {formatNumber(summary.contactsCount)}
      <span className={`muted small ${styles.age}`}>
        <time dateTime={summary.countedAt} title={formatDateTime(summary.countedAt)}>
          as of {formatAgo(summary.countedAt, now)}
        </time>
      </span>
    </>
  );
}
