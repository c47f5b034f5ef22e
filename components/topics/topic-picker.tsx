"use client";
// The "Topic" choice of a send (a campaign's audience.topicID, an automation email's sendEmail.topicID;
// docs/topics.md "Sending for a topic"): none, or one of the brand's topics, with a line saying what the
// choice does to who receives it and to its unsubscribe link. A native select, so the keyboard and screen
// readers work as the browser makes them.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId } from "react";
import { userMessage } from "@/components/ui/messages";
import { listTopics, topicsQueryKey, type Topic } from "./topics-client";

export const TOPICS_PAGE = "/settings/topics";

/** What sending for `topic` means, in the words of docs/topics.md. */
export function topicEffect(topic: Pick<Topic, "name" | "kind"> | null, what: string): string {
  if (!topic)
    return `No topic: everyone in the audience subscribed to email can receive this ${what}; its unsubscribe link unsubscribes from all marketing email.`;
  if (topic.kind === "marketing")
    return `Only contacts subscribed to “${topic.name}” receive this ${what}, and its unsubscribe link leaves only that topic.`;
  return `“${topic.name}” is a ${topic.kind} topic: this ${what} reaches everyone in the audience subscribed to email, whether or not they chose the topic, and its unsubscribe link unsubscribes from all marketing email.`;
}

/**
 * What a send's topic id names now (from the cached list the picker loads too): the topic, or `deleted` when
 * the brand's list (one page holds all of a brand's topics) was read and no longer has it; neither while the
 * list loads or could not be read.
 */
export type TopicLookup = { topic: Topic | null; deleted: boolean };

/** Looks up topic ids in the brand's list (loaded only when `enabled`: a workflow with no topic asks nothing). */
export function useTopicLookup(enabled = true): (id: string | null | undefined) => TopicLookup {
  const topics = useQuery({ queryKey: topicsQueryKey, queryFn: listTopics, enabled });
  return (id) => {
    const topic = (id && topics.data?.find((t) => t.id === id)) || null;
    return { topic, deleted: Boolean(id) && !topic && topics.isSuccess };
  };
}

/** The topic `id`, or whether it was deleted. */
export const useTopicState = (id: string | null | undefined): TopicLookup => useTopicLookup(Boolean(id))(id);

export function TopicPicker({
  value,
  onChange,
  what,
  disabled = false,
  hint,
  onLeave,
}: {
  value: string | null;
  onChange: (topicID: string | null) => void;
  /** what is sent: "campaign", "email" */
  what: string;
  disabled?: boolean;
  /** a further line under the choice (why it cannot change now) */
  hint?: string;
  /** follows the link to the topics page itself (the flow builder saves its changes first) */
  onLeave?: (href: string) => void;
}) {
  const id = useId();
  const topics = useQuery({ queryKey: topicsQueryKey, queryFn: listTopics });
  const sorted = [...(topics.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const chosen = sorted.find((t) => t.id === value) ?? null;
  const toTopics = (
    <Link
      href={TOPICS_PAGE}
      onClick={(e) => {
        if (!onLeave || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return; // a new tab keeps this page
        e.preventDefault();
        onLeave(TOPICS_PAGE);
      }}
    >
      Settings → Subscription topics
    </Link>
  );
  return (
    <div className="field" data-testid="topic-picker">
      <label className="label" htmlFor={`${id}-topic`}>
        Topic
      </label>
      <select
        id={`${id}-topic`}
        className="input"
        value={value ?? ""}
        aria-describedby={`${id}-effect`}
        disabled={disabled || topics.isPending}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">None: all marketing subscribers</option>
        {/* A topic this send names that the list does not hold (the list failed, or it was deleted since). */}
        {value && !chosen && <option value={value}>{topics.isPending ? "Loading…" : "The topic chosen before"}</option>}
        {sorted.map((t) => (
          <option key={t.id} value={t.id}>
            {t.kind === "marketing" ? t.name : `${t.name} (${t.kind})`}
          </option>
        ))}
      </select>
      <p id={`${id}-effect`} className="hint" aria-live="polite">
        {topics.isPending
          ? "Loading topics…"
          : value && !chosen
            ? topics.isSuccess
              ? "This topic is no longer one of the brand's topics: choose another, or none."
              : ""
            : topicEffect(chosen, what)}
      </p>
      {topics.isError ? (
        <div className="field-error" role="alert">
          Could not load topics: {userMessage(topics.error)}{" "}
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void topics.refetch()}>
            Try again
          </button>
        </div>
      ) : topics.isSuccess && sorted.length === 0 ? (
        <p className="hint" role="status">
          No topics yet: create one under {toTopics} to send for one kind of email.
        </p>
      ) : null}
      {hint && <p className="hint">{hint}</p>}
    </div>
  );
}
