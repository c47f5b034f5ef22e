"use client";
// Step 5: who gets it. The topic it is sent for (docs/topics.md: a marketing topic's campaign goes to its
// subscribers only), segments to send to (none: every subscribed contact) and segments to leave out, with
// a live count of who will receive it (the topic's audience) and who will be skipped, and why. Each segment
// shows its kept size (lib/segments/segment-counts.ts): one request per page of segments, asked again while one is counted.
import { keepPreviousData, useInfiniteQuery, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatCount, formatNumber } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { useDebounced } from "@/components/segments/use-debounced";
import { TopicPicker, useTopicState } from "@/components/topics/topic-picker";
import { topicsQueryKey, type Topic } from "@/components/topics/topics-client";
import { apiFetch } from "@/lib/client/api-fetch";
import type { Paging } from "@/lib/http/pagination";
import { MAX_SUMMARY_IDS, segmentKeys, segmentSummaries, type SegmentSummary } from "@/components/segments/segments-client";
import { campaignKeys, estimateAudience, type AudienceEstimate } from "../campaigns-client";
import type { StepProps } from "./campaign-composer";
import { StepActions, useStepTarget } from "./step-actions";
import { useSaveDraft } from "./use-save-draft";

type SegmentItem = { segmentID: string; name: string };

const listSegments = (after?: string) =>
  apiFetch<{ segments: SegmentItem[]; paging: Paging }>(
    `/api/segments?limit=50&sort=name&direction=asc${after ? `&after=${encodeURIComponent(after)}` : ""}`,
  );

const COUNTING_POLL_MS = 5000;
const counting = (rows: SegmentSummary[] | undefined) => rows?.some((s) => s.contactsCount === null) ?? false;

/** The kept sizes of the listed segments: one request per page of 50, asked again while one of it is counted. */
function useSegmentSizes(ids: string[]) {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += MAX_SUMMARY_IDS) chunks.push(ids.slice(i, i + MAX_SUMMARY_IDS));
  const answers = useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: segmentKeys.summariesOf({ ids: chunk }),
      queryFn: () => segmentSummaries({ ids: chunk }),
      refetchInterval: (query: { state: { data?: SegmentSummary[] } }) => (counting(query.state.data) ? COUNTING_POLL_MS : false),
    })),
  });
  return new Map(answers.flatMap((a) => a.data ?? []).map((s) => [s.segmentID, s]));
}

export function SegmentSizeText({ summary }: { summary: SegmentSummary | undefined }) {
  if (!summary || summary.contactsCount === null)
    return (
      <span className="muted segment-size" data-testid="segment-size">
        Counting…
      </span>
    );
  return (
    <span className="segment-size" data-testid="segment-size">
      about {formatCount(summary.contactsCount, "contact", "contacts")}
    </span>
  );
}

export function AudienceSummary({
  estimate,
  included,
  topic,
  topicDeleted = false,
}: {
  estimate: AudienceEstimate;
  included: number;
  /** the topic it is sent for, when one is */
  topic?: Pick<Topic, "name" | "kind"> | null;
  /** the topic chosen was deleted since (the send would reach nobody: docs/topics.md) */
  topicDeleted?: boolean;
}) {
  const { skipped } = estimate;
  const reasons = [
    [skipped.unsubscribed, "unsubscribed from email"],
    [skipped.nonSubscribed, "never subscribed to email"],
    [skipped.noEmail, "have no email address"],
    [skipped.suppressed, "bounced, complained or are on the suppression list"],
  ].filter(([n]) => (n as number) > 0) as [number, string][];
  return (
    <div className="audience-summary" aria-live="polite">
      <p className="audience-count">
        <strong>{formatCount(estimate.recipients, "contact", "contacts")}</strong> will receive it
      </p>
      {included === 0 && !topicDeleted && (
        <p className="muted small">
          No segment chosen: every contact subscribed to email{topic?.kind === "marketing" ? ` and to “${topic.name}”` : ""}.
        </p>
      )}
      {topic && <p className="muted small">Sent for the topic “{topic.name}”.</p>}
      {topicDeleted && (
        <p className="alert alert-error small" data-testid="topic-deleted">
          The topic chosen for this campaign was deleted: nobody would receive it. Choose another topic, or none.
        </p>
      )}
      {reasons.length > 0 ? (
        <>
          <p className="muted small">
            {formatCount(estimate.contacts - estimate.recipients, "contact", "contacts")} of the audience will be skipped:
          </p>
          <ul className="small">
            {reasons.map(([n, why]) => (
              <li key={why}>
                {formatNumber(n)} {why}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="muted small">A contact with several addresses gets it at the first one subscribed.</p>
    </div>
  );
}

export function AudienceStep({ campaign, onDone, onBack, onSkip }: StepProps) {
  const [included, setIncluded] = useState<string[]>(campaign.audience.includedSegmentIDs);
  const [excluded, setExcluded] = useState<string[]>(campaign.audience.excludedSegmentIDs);
  const [topic, setTopic] = useState<string | null>(campaign.audience.topicID ?? null);
  const segments = useInfiniteQuery({
    queryKey: ["segments", "picker"],
    queryFn: ({ pageParam }) => listSegments(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.paging.hasMore ? last.paging.cursors.after : undefined),
  });
  const audience = useDebounced({ included, excluded, topic }, 400);
  const estimate = useQuery({
    queryKey: campaignKeys.estimate(audience.included, audience.excluded, audience.topic),
    queryFn: ({ signal }) => estimateAudience(audience.included, audience.excluded, audience.topic, signal),
    placeholderData: keepPreviousData,
  });
  const chosenTopic = useTopicState(audience.topic);
  const queryClient = useQueryClient();
  const target = useStepTarget();
  const save = useSaveDraft(campaign, () => (target.current === "review" ? onSkip() : onDone()));
  const toggle = (list: string[], set: (v: string[]) => void, other: string[], setOther: (v: string[]) => void, id: string) => {
    if (list.includes(id)) set(list.filter((x) => x !== id));
    else {
      set([...list, id]);
      if (other.includes(id)) setOther(other.filter((x) => x !== id));
    }
  };
  const items = segments.data?.pages.flatMap((p) => p.segments) ?? [];
  const sizes = useSegmentSizes(items.map((s) => s.segmentID));
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // null removes a topic chosen before (omitted would keep it).
        save.mutate(
          { audience: { includedSegmentIDs: included, excludedSegmentIDs: excluded, topicID: topic } },
          // A topic deleted since the list was read is refused: read the list again, so the picker and the count mark it.
          { onError: () => void queryClient.invalidateQueries({ queryKey: topicsQueryKey }) },
        );
      }}
    >
      <div className="audience-layout">
        <div className="stack">
          <TopicPicker value={topic} onChange={setTopic} what="campaign" />
          {segments.isPending ? (
            <p className="loading" role="status">
              Loading segments…
            </p>
          ) : segments.isError ? (
            <p className="alert alert-error" role="alert">
              Could not load segments: {userMessage(segments.error)}
            </p>
          ) : items.length === 0 ? (
            <p className="alert alert-info" role="status">
              No segments yet: the campaign goes to every subscribed contact. <Link href="/segments/new">Create a segment</Link>
            </p>
          ) : (
            <div className="table-wrap">
              <table className="table table-compact">
                <caption className="visually-hidden">Segments to send to or leave out</caption>
                <thead>
                  <tr>
                    <th scope="col">Segment</th>
                    <th scope="col">Size</th>
                    <th scope="col">Send to</th>
                    <th scope="col">Leave out</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((s) => (
                    <tr key={s.segmentID}>
                      <th scope="row">{s.name}</th>
                      <td>
                        <SegmentSizeText summary={sizes.get(s.segmentID)} />
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Send to ${s.name}`}
                          checked={included.includes(s.segmentID)}
                          onChange={() => toggle(included, setIncluded, excluded, setExcluded, s.segmentID)}
                        />
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Leave out ${s.name}`}
                          checked={excluded.includes(s.segmentID)}
                          onChange={() => toggle(excluded, setExcluded, included, setIncluded, s.segmentID)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {segments.hasNextPage && (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void segments.fetchNextPage()}
              disabled={segments.isFetchingNextPage}
            >
              {segments.isFetchingNextPage ? "Loading…" : "More segments"}
            </button>
          )}
        </div>
        <aside className="card audience-aside" aria-label="Who will receive it">
          {estimate.isPending ? (
            <p className="loading" role="status">
              Counting…
            </p>
          ) : estimate.isError ? (
            <p className="alert alert-error" role="alert">
              Could not count the audience: {userMessage(estimate.error)}
            </p>
          ) : (
            <AudienceSummary
              estimate={estimate.data}
              included={audience.included.length}
              topic={chosenTopic.topic}
              topicDeleted={chosenTopic.deleted}
            />
          )}
        </aside>
      </div>
      {save.isError && (
        <p className="alert alert-error" role="alert">
          {userMessage(save.error)}
        </p>
      )}
      <StepActions onBack={onBack} busy={save.isPending} targetRef={target} />
    </form>
  );
}
