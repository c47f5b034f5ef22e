"use client";
// Tag (or untag) everyone in a saved segment: POST / DELETE /api/contacts/tags with the segment, then the
// background job's progress until it is done.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { contactKeys } from "@/components/contacts/contacts-client";
import { ApiError } from "@/lib/client/api-fetch";
import { changeSegmentTags, getTagJob, suggestionKeys, tagJobKeys, type SegmentSuggestions, type TagJob } from "./segments-client";

function Progress({ job }: { job: TagJob }) {
  const total = job.total ?? 0;
  const percent = job.status === "done" ? 100 : total > 0 ? Math.min(100, Math.round((job.processed / total) * 100)) : 0;
  const verb = job.action === "add" ? "Tagging" : "Untagging";
  const label =
    job.status === "queued" ? `${verb} will start in a moment…`
    : job.status === "running" ? `${verb} ${job.processed.toLocaleString()} of ${total.toLocaleString()} contacts…`
    : job.status === "done" ? `Done: ${job.changed.toLocaleString()} of ${job.processed.toLocaleString()} contacts ${job.action === "add" ? "got" : "lost"} “${job.tags.join("”, “")}”.`
    : `Stopped: ${job.error ?? "an error occurred"}. ${job.changed.toLocaleString()} contacts changed before that.`;
  return (
    <div className="tag-progress">
      <progress max={100} value={percent} aria-label={`${verb} progress`} />
      <p role="status" className={job.status === "failed" ? "field-error" : undefined} data-testid="tag-job-status">
        {label}
      </p>
    </div>
  );
}

export function TagSegmentPanel({ segmentID, suggestions }: { segmentID: string; suggestions?: SegmentSuggestions }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const listId = useId();
  const [tags, setTags] = useState("");
  const [jobId, setJobId] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (action: "add" | "remove") => changeSegmentTags(segmentID, action, tags.split(",").map((t) => t.trim()).filter(Boolean)),
    onSuccess: (result) => {
      if (result.job) {
        queryClient.setQueryData(tagJobKeys.detail(result.job.id), result.job);
        setJobId(result.job.id);
      }
    },
  });
  const job = useQuery({
    queryKey: tagJobKeys.detail(jobId ?? ""),
    queryFn: () => getTagJob(jobId!),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "done" || status === "failed" ? false : 500;
    },
  });
  const finished = job.data?.status === "done" || job.data?.status === "failed";
  const running = jobId !== null && !finished;
  useEffect(() => {
    if (!finished) return;
    // The members' tags changed: lists showing them are stale.
    void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    void queryClient.invalidateQueries({ queryKey: suggestionKeys.all });
  }, [finished, queryClient]);
  const error = change.error instanceof ApiError ? change.error : null;
  return (
    <section aria-labelledby={`${inputId}-title`} className="card stack">
      <h2 id={`${inputId}-title`} className="card-title">
        Tag everyone in this segment
      </h2>
      <p className="muted">Adds or removes tags on every contact in the saved segment. Large segments are tagged in the background; you can leave this page.</p>
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
              {error.errors.map((e) => e.message).join("; ") || error.detail}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={running || change.isPending || !tags.trim()}>
          Add tags
        </button>
        <button type="button" className="btn btn-secondary" disabled={running || change.isPending || !tags.trim()} onClick={() => change.mutate("remove")}>
          Remove tags
        </button>
      </form>
      {change.isError && !error && (
        <p className="field-error" role="alert">
          {change.error.message}
        </p>
      )}
      {job.data && <Progress job={job.data} />}
    </section>
  );
}
