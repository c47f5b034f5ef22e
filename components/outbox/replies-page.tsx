"use client";
// Replies: mail people wrote back to the brand's messages (received on the return-path domain, lib/inbound),
// newest first. Shown as plain text only, escaped by React: the API never returns a sender's HTML, so
// nothing in a reply runs or renders as markup in the dashboard.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { apiFetch } from "@/lib/client/api-fetch";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import "./outbox.css";

type Reply = { id: string; from: string | null; subject: string | null; text: string; receivedAt: string; messageID: string | null };

export function RepliesPage() {
  const replies = useQuery({
    queryKey: ["inbound-mail", "reply"],
    queryFn: () => apiFetch<{ inboundMail: Reply[] }>("/api/inbound-mail?outcome=reply&limit=50"),
  });
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">Replies</h1>
        <p className="muted">
          Mail people wrote back to your emails, newest first (text only). <Link href="/outbox">Outbox</Link>
        </p>
      </div>
      {replies.isError ? (
        <p className="alert alert-error" role="alert">
          Could not load replies: {userMessage(replies.error)}
        </p>
      ) : replies.isPending ? (
        <p className="loading" role="status">
          Loading replies…
        </p>
      ) : replies.data.inboundMail.length === 0 ? (
        <EmptyState title="No replies yet">
          <p>With a return-path domain set up, what people write back to your emails shows here.</p>
        </EmptyState>
      ) : (
        <ul className="replies-list" aria-label="Replies">
          {replies.data.inboundMail.map((r) => (
            // The subject is each reply's heading, so a screen reader can go from one reply to the next.
            <li key={r.id} className="card">
              <h2 className="card-title">{r.subject ?? "(no subject)"}</h2>
              <p className="muted">
                From <strong>{r.from ?? "(no sender)"}</strong> · <time dateTime={r.receivedAt}>{formatDateTime(r.receivedAt)}</time>
              </p>
              <pre className="reply-text">{r.text}</pre>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
