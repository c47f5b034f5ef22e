"use client";
// The number of contacts the definition being edited matches, recounted by the API as the person edits.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ApiError } from "@/lib/client/api-fetch";
import type { ApiConditionGroup } from "./condition-builder-state";
import { previewSegmentCount, segmentKeys } from "./segments-client";
import { useDebounced } from "./use-debounced";

export function useLiveCount(groups: ApiConditionGroup[], incomplete: string | null) {
  const settled = useDebounced(groups, 350);
  const count = useQuery({
    queryKey: segmentKeys.preview(settled),
    queryFn: ({ signal }) => previewSegmentCount(settled, signal),
    enabled: incomplete === null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const waiting = JSON.stringify(settled) !== JSON.stringify(groups) || count.isFetching;
  /** The API's field errors for the definition (a 400), to show on the conditions. */
  const invalid = count.error instanceof ApiError && count.error.status === 400 ? count.error : null;
  return { count, waiting, invalid, incomplete };
}

export function LiveCount({ live }: { live: ReturnType<typeof useLiveCount> }) {
  const { count, waiting, invalid, incomplete } = live;
  let text: string;
  if (incomplete) text = incomplete;
  else if (invalid) text = "Fix the highlighted conditions to see a count.";
  else if (count.isError) text = `Could not count: ${count.error.message}`;
  else if (count.data === undefined) text = "Counting…";
  else text = `${count.data.toLocaleString()} ${count.data === 1 ? "contact matches" : "contacts match"}`;
  return (
    <div className="live-count" aria-busy={waiting}>
      <p className="live-count-label">Matching now</p>
      <p className="live-count-value" role="status" data-testid="live-count">
        {text}
      </p>
      {waiting && !incomplete && count.data !== undefined && <p className="muted small">Updating…</p>}
    </div>
  );
}
