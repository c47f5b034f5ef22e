"use client";
// What stops a form, above it: a heading and every error, each a link to its field. It takes focus when a
// new answer brings errors (`focusOn` changes), so a screen reader reads it and the keyboard starts there.
import { useEffect, useRef } from "react";

export type SummaryItem = { key: string; text: string; target?: string | null };
export type Summary = { title: string; items: SummaryItem[] };

export function ErrorSummary({ id, summary, focusOn }: { id: string; summary: Summary | null; focusOn: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOn) ref.current?.focus();
  }, [focusOn]);
  if (!summary) return null;
  return (
    <div ref={ref} id={id} className="alert alert-error" role="alert" tabIndex={-1}>
      <p>
        <strong>{summary.title}</strong>
      </p>
      {summary.items.length > 0 && (
        <ul>
          {summary.items.map((item) => (
            <li key={item.key}>{item.target ? <a href={`#${item.target}`}>{item.text}</a> : item.text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
