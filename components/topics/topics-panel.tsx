"use client";
// Settings → Subscription topics: create, list, edit and delete the brand's topics.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { userMessage } from "@/components/ui/messages";
import { TopicForm } from "./topic-form";
import { deleteTopic, listTopics, topicsQueryKey, type Topic } from "./topics-client";

const KIND_LABELS = { marketing: "Marketing", required: "Required", transactional: "Transactional" } as const;

function TopicRow({ topic }: { topic: Topic }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteTopic(topic.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topicsQueryKey }),
  });
  if (editing)
    return (
      <li className="card">
        <TopicForm topic={topic} onDone={() => setEditing(false)} />
      </li>
    );
  return (
    <li className="card stack">
      <div className="inline-form">
        <h3 className="card-title">{topic.name}</h3>
        <span className="badge">{KIND_LABELS[topic.kind]}</span>
      </div>
      {topic.description && <p className="muted">{topic.description}</p>}
      {remove.isError && (
        <p className="alert alert-error" role="alert">
          Could not delete {topic.name}: {userMessage(remove.error)}
        </p>
      )}
      <div className="inline-form">
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(true)}>
          Edit<span className="visually-hidden"> {topic.name}</span>
        </button>
        <button
          type="button"
          className="btn btn-danger-ghost btn-sm"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(`Delete the topic “${topic.name}”? Contacts’ choices for it are deleted too.`)) remove.mutate();
          }}
        >
          Delete<span className="visually-hidden"> {topic.name}</span>
        </button>
      </div>
    </li>
  );
}

export function TopicsPanel() {
  const topics = useQuery({ queryKey: topicsQueryKey, queryFn: listTopics });
  return (
    <div className="stack-lg">
      <TopicForm />
      <section aria-labelledby="topics-title" className="stack">
        <h2 id="topics-title" className="section-title">
          Topics
        </h2>
        {topics.isPending ? (
          <p className="loading" role="status">
            Loading topics…
          </p>
        ) : topics.isError ? (
          <div className="alert alert-error" role="alert">
            <p>Could not load topics: {userMessage(topics.error)}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => topics.refetch()}>
              Try again
            </button>
          </div>
        ) : topics.data.length === 0 ? (
          <EmptyState title="No topics yet">
            <p>
              Create a topic above for each kind of email you send (a newsletter, offers, product news). Then offer topics on a signup form,
              choose one on a campaign’s audience or an automation’s email, and people choose theirs on the preferences page.
            </p>
          </EmptyState>
        ) : (
          <ul className="stack" aria-label="Subscription topics">
            {[...topics.data].reverse().map((topic) => (
              <TopicRow key={topic.id} topic={topic} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
