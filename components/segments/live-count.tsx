"use client";
// The number of contacts the definition being edited matches, recounted by the API as the person edits.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ApiError } from "@/lib/client/api-fetch";
import type { ApiConditionGroup } from "./condition-builder-state";
import Link from "next/link";
import { userMessage } from "@/components/ui/messages";
import { previewSegment, segmentKeys } from "./segments-client";
import { useDebounced } from "./use-debounced";
import { formatCount } from "@/components/ui/format";
import "./segments.css";

export function useLiveCount(groups: ApiConditionGroup[], incomplete: string | null) {
  const settled = useDebounced(groups, 350);
  // Only the definition on screen is counted: the debounced one can lag behind it, and may be a half-filled
  // condition the current one has already completed (which the API refuses with a 400).
  const current = JSON.stringify(settled) === JSON.stringify(groups);
  const count = useQuery({
    queryKey: segmentKeys.preview(settled),
    queryFn: ({ signal }) => previewSegment(settled, signal),
    enabled: incomplete === null && current,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const waiting = !current || count.isFetching;
  /** The API's field errors for the definition (a 400), to show on the conditions. */
  const invalid = count.error instanceof ApiError && count.error.status === 400 ? count.error : null;
  return { count, waiting, invalid, incomplete };
}

export function LiveCount({ live }: { live: ReturnType<typeof useLiveCount> }) {
  const { count, waiting, invalid, incomplete } = live;
  let text: string;
  if (incomplete) text = incomplete;
  else if (invalid) text = "Fix the highlighted conditions to see a count.";
  else if (count.isError) text = `Could not count: ${userMessage(count.error)}`;
  else if (count.data === undefined) text = "Counting…";
  else text = formatCount(count.data.contactsCount, "contact matches", "contacts match");
  const sample = !incomplete && !invalid ? (count.data?.sample ?? []) : [];
  return (
    <div className="live-count" aria-busy={waiting}>
      <p className="live-count-label">Matching now</p>
      <p className="live-count-value" role="status" data-testid="live-count">
        {text}
      </p>
      {waiting && !incomplete && count.data !== undefined && <p className="muted small">Updating…</p>}
      {sample.length > 0 && (
        <div className="live-sample">
          <p className="live-count-label">For example</p>
          <ul aria-label="Sample members">
            {sample.map((c) => (
              <li key={c.id}>
                <Link href={`/contacts/${c.id}`} prefetch={false}>
                  {c.name ?? c.email ?? "Unnamed contact"}
                </Link>
                {c.name && c.email ? <span className="muted small"> {c.email}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
