"use client";
// Tag (or untag) everyone in a saved segment: POST / DELETE /api/contacts/tags with the segment, which
// the server runs as a background job; the segment's jobs and their progress are listed below the form
// (from the server, so they are still there after leaving the page and coming back).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { BulkJobs, useBulkJobs } from "@/components/contacts/bulk-jobs";
import { bulkJobKeys, jobIsActive, type BulkJob } from "@/components/contacts/contacts-client";
import { ApiError } from "@/lib/client/api-fetch";
import { fieldMessage, userMessage } from "@/components/ui/messages";
import { changeSegmentTags, type SegmentSuggestions } from "./segments-client";

export function TagSegmentPanel({
  segmentID,
  segmentName,
  suggestions,
}: {
  segmentID: string;
  segmentName: string;
  suggestions?: SegmentSuggestions;
}) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const listId = useId();
  const [tags, setTags] = useState("");
  const change = useMutation({
    mutationFn: (action: "add" | "remove") =>
      changeSegmentTags(
        segmentID,
        action,
        tags
          .split(",")
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    onSuccess: async (result) => {
      if (result.job) {
        // Listed at once, then followed by the list's own polling.
        const job = result.job as BulkJob;
        queryClient.setQueryData<BulkJob[]>(bulkJobKeys.list(segmentID), (jobs) => [job, ...(jobs ?? []).filter((j) => j.id !== job.id)]);
        await queryClient.invalidateQueries({ queryKey: bulkJobKeys.all });
      }
    },
  });
  const jobs = useBulkJobs(segmentID);
  const running = (jobs.data ?? []).some(jobIsActive);
  const error = change.error instanceof ApiError ? change.error : null;
  return (
    <section aria-labelledby={`${inputId}-title`} className="card stack">
      <h2 id={`${inputId}-title`} className="card-title">
        Tag everyone in this segment
      </h2>
      <p className="muted">
        Adds or removes tags on every contact in the saved segment. Large segments are tagged in the background; you can leave this page and
        come back to see the progress.
      </p>
      <form
        className="form-row"
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate("add");
        }}
      >
        <div className="field grow">
          <label className="label" htmlFor={inputId}>
            Tags (separate with commas)
          </label>
          <input
            id={inputId}
            className="input"
            list={listId}
            autoComplete="off"
            value={tags}
            onChange={(e) => setTags(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          <datalist id={listId}>
            {suggestions?.tags.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          {error && (
            <p id={`${inputId}-error`} className="field-error">
              {error.errors.length ? error.errors.map((e) => fieldMessage(e, { noun: "Tags" })).join(" ") : userMessage(error)}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={running || change.isPending || !tags.trim()}>
          Add tags
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={running || change.isPending || !tags.trim()}
          onClick={() => change.mutate("remove")}
        >
          Remove tags
        </button>
      </form>
      {change.isError && !error && (
        <p className="field-error" role="alert">
          {userMessage(change.error)}
        </p>
      )}
      <BulkJobs segmentID={segmentID} segmentName={segmentName} title="Jobs on this segment" bare />
    </section>
  );
}
