"use client";
// The contact profile's subscription topics: each of the brand's topics with the contact's status for it.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { contactTopics } from "./topics-client";

const STATUS_LABELS = { subscribed: "Subscribed", unsubscribed: "Unsubscribed", nonSubscribed: "Never chose" } as const;
const STATUS_BADGES = {
  subscribed: "badge badge-success",
  unsubscribed: "badge badge-danger",
  nonSubscribed: "badge badge-muted",
} as const;

export function ContactTopics({ contactId }: { contactId: string }) {
  const topics = useQuery({ queryKey: ["subscription-topics", "of-contact", contactId], queryFn: () => contactTopics(contactId) });
  return (
    <section aria-labelledby="contact-topics-title" className="card">
      <h2 id="contact-topics-title" className="card-title">
        Subscription topics
      </h2>
      {topics.isPending ? (
        <p className="loading" role="status">
          Loading topics…
        </p>
      ) : topics.isError ? (
        <p className="alert alert-error" role="alert">
          Could not load topics: {userMessage(topics.error)}
        </p>
      ) : topics.data.topics.length === 0 ? (
        <p className="muted">
          The brand has no topics yet: <Link href="/settings/topics">create them in settings</Link>.
        </p>
      ) : (
        <ul className="link-list">
          {topics.data.topics.map((t) => (
            <li key={t.topicID}>
              {t.name} <span className={STATUS_BADGES[t.status]}>{STATUS_LABELS[t.status]}</span>
              {t.statusChangedAt && (
                <span className="muted">
                  {" "}
                  since {formatDateTime(t.statusChangedAt)} ({t.source})
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
