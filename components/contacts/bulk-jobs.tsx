"use client";
// The brand's background jobs (GET /api/contacts/jobs): a view's tag change or unsubscribe, and segments'
// tag jobs, with their progress, where a marketer looks for them (the contacts page, a segment's page).
// The list is the server's, so it survives navigation and reload; it is polled while a job runs, and
// the contact lists are refreshed when one finishes (their tags or statuses changed).
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { segmentKeys, segmentSummaries, suggestionKeys } from "@/components/segments/segments-client";
import { formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { bulkJobKeys, contactKeys, jobIsActive, listBulkJobs, type BulkJob } from "./contacts-client";
import { describeJob, jobPercent, jobProgressText } from "./describe-job";
import "./contacts.css";

/** Finished jobs stay listed this long; running ones always. */
const RECENT_MS = 24 * 60 * 60 * 1000;
const SHOWN = 5;

type Props = {
  /** Only the jobs on this segment (its tag jobs, and views filtered by it). */
  segmentID?: string;
  /** The segment's name, when the list is on its page. */
  segmentName?: string;
  title?: string;
  /** Without a card of its own (inside another panel). */
  bare?: boolean;
};

/** The latest jobs (of a segment), polled every second while one of them runs. */
export function useBulkJobs(segmentID?: string) {
  return useQuery({
    queryKey: bulkJobKeys.list(segmentID),
    queryFn: () => listBulkJobs(segmentID),
    // Always read on arrival: a job may have moved on while the marketer was elsewhere.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(jobIsActive) ? 1000 : false),
  });
}

export function BulkJobs({ segmentID, segmentName, title = "Background jobs", bare = false }: Props) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const jobs = useBulkJobs(segmentID);
  // Inside another panel the list is a subsection of it.
  const Heading = bare ? "h3" : "h2";
  // The names of the jobs' segments (at most 20 jobs), in one request.
  const named = [
    ...new Set((jobs.data ?? []).flatMap((job) => (job.segmentID && !(job.segmentID === segmentID && segmentName) ? [job.segmentID] : []))),
  ].sort();
  const segments = useQuery({
    queryKey: segmentKeys.summariesOf({ ids: named }),
    queryFn: () => segmentSummaries({ ids: named }),
    enabled: named.length > 0,
    placeholderData: keepPreviousData,
  });
  const nameOf = (id: string) => (id === segmentID && segmentName) || segments.data?.find((s) => s.segmentID === id)?.name;

  // A job that finished since the last look: the lists showing its contacts are stale; say so once.
  const seen = useRef(new Map<string, BulkJob["status"]>());
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    if (!jobs.data) return;
    const finished = jobs.data.filter(
      (job) => !jobIsActive(job) && seen.current.has(job.id) && jobIsActive({ status: seen.current.get(job.id)! }),
    );
    for (const job of jobs.data) seen.current.set(job.id, job.status);
    if (finished.length === 0) return;
    void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    void queryClient.invalidateQueries({ queryKey: suggestionKeys.all });
    setAnnouncement(finished.map((job) => `${describeJob(job, nameOf)}: ${jobProgressText(job)}`).join(" "));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- nameOf only words the announcement
  }, [jobs.data, queryClient]);

  // "Recent" as of the list's own reading.
  const now = jobs.dataUpdatedAt;
  const shown = (jobs.data ?? [])
    .filter((job) => jobIsActive(job) || now - Date.parse(job.finishedAt ?? job.createdAt) < RECENT_MS)
    .slice(0, SHOWN);
  const live = (
    <p role="status" className="visually-hidden">
      {announcement}
    </p>
  );
  if (jobs.isError) {
    return (
      <section aria-labelledby={titleId} className={bare ? "stack job-section" : "card stack"}>
        <Heading id={titleId} className="card-title">
          {title}
        </Heading>
        <div className="alert alert-error" role="alert">
          <p>Could not load the background jobs: {userMessage(jobs.error)}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => jobs.refetch()}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  // Nothing running or recent (or not loaded yet): no panel, only the live region for what finishes.
  if (shown.length === 0) return live;
  return (
    <section aria-labelledby={titleId} className={bare ? "stack job-section" : "card stack"}>
      <Heading id={titleId} className="card-title">
        {title}
      </Heading>
      <ul className="job-list" aria-labelledby={titleId}>
        {shown.map((job) => (
          <JobItem key={job.id} job={job} description={describeJob(job, nameOf)} />
        ))}
      </ul>
      {live}
    </section>
  );
}

function JobItem({ job, description }: { job: BulkJob; description: string }) {
  const percent = jobPercent(job);
  const active = jobIsActive(job);
  return (
    <li className="job-item" aria-label={description}>
      <p className="job-title">{description}</p>
      {/* No value while the size is unknown: an indeterminate bar, not a stuck one. */}
      <progress max={100} value={percent ?? undefined} aria-label={`Progress of: ${description}`} />
      <p className={job.status === "failed" ? "field-error" : undefined} data-testid="tag-job-status">
        {jobProgressText(job)}
      </p>
      <p className="muted job-time">
        {active
          ? `Started ${formatDateTime(job.startedAt ?? job.createdAt)}`
          : `Finished ${formatDateTime(job.finishedAt ?? job.createdAt)}`}
      </p>
    </li>
  );
}
