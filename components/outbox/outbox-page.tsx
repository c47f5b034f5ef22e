"use client";
// Outbox: every email of the brand, newest first, one per recipient, with what became of it (sent,
// refused, skipped and why), searchable by address or subject. Without a mail server this is where the
// emails are, undelivered. The email shows in a sandboxed frame (sandbox="": no scripts, no same-origin).
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { EmailParts } from "@/components/test-emails/email-parts";
import { getMessage, listMessages, type MessageStatus, type MessageSummary } from "./sending-client";
import "@/components/test-emails/test-emails.css";
import "./sending.css";

const STATUS_WORDS: Record<MessageStatus, { label: string; badge: string }> = {
  queued: { label: "Waiting", badge: "badge-info" },
  sending: { label: "Sending", badge: "badge-info" },
  paused: { label: "Paused", badge: "badge-warning" },
  sent: { label: "Sent", badge: "badge-success" },
  failed: { label: "Failed", badge: "badge-danger" },
  bounced: { label: "Bounced", badge: "badge-danger" },
  complained: { label: "Marked as spam", badge: "badge-danger" },
  suppressed: { label: "Not sent", badge: "badge-muted" },
  skipped: { label: "Not sent", badge: "badge-muted" },
};

const REASONS: Record<string, string> = {
  "not-subscribed": "the contact is not subscribed",
  "no-email": "the contact has no email address",
  "contact-missing": "the contact no longer exists",
  canceled: "the send was canceled",
  unsubscribed: "the contact unsubscribed",
  "hard-bounce": "the address does not accept email",
  complaint: "the recipient marked an email as spam",
  erased: "the contact was erased",
  manual: "the address is on your suppression list",
  "soft-bounce": "the mail server kept refusing it for now",
  "transport-error": "the mail server could not be reached",
  "render-error": "the email could not be put together",
};

function StatusBadge({ message }: { message: Pick<MessageSummary, "status" | "transport"> }) {
  if (message.status === "sent" && message.transport === "outbox") return <span className="badge badge-info">In the outbox</span>;
  const words = STATUS_WORDS[message.status];
  return <span className={`badge ${words.badge}`}>{words.label}</span>;
}

const sourceName = (m: MessageSummary) =>
  m.mode === "test"
    ? "Test email"
    : m.mode === "system"
      ? "Inkwell"
      : m.source.kind === "campaign"
        ? "Campaign"
        : m.source.kind === "automation"
          ? "Automation"
          : m.source.kind;

export function OutboxPage({ hasMailServer }: { hasMailServer: boolean }) {
  const [search, setSearch] = useState("");
  const [applied, setApplied] = useState({ search: "", status: "" });
  const [selected, setSelected] = useState<string | null>(null);
  const list = useInfiniteQuery({
    queryKey: ["messages", applied],
    queryFn: ({ pageParam }) => listMessages({ ...applied, after: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.paging.hasMore ? last.paging.cursors.after : undefined),
  });
  const messages = list.data?.pages.flatMap((p) => p.messages) ?? [];
  const current = selected && messages.some((m) => m.id === selected) ? selected : (messages[0]?.id ?? null);
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">Outbox</h1>
        <p className="muted">
          {hasMailServer
            ? "Every email your brand sends, one per recipient, newest first, with what became of it."
            : "Inkwell has no mail server set up: nothing is delivered. Every email your brand sends is kept here instead."}
        </p>
      </div>
      <form
        className="cluster outbox-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied((a) => ({ ...a, search: search.trim() }));
        }}
      >
        <div className="field">
          <label className="label" htmlFor="outbox-search">
            Recipient or subject
          </label>
          <input
            id="outbox-search"
            className="input"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={200}
          />
        </div>
        <div className="field">
          <label className="label" htmlFor="outbox-status">
            Status
          </label>
          <select
            id="outbox-status"
            className="input"
            value={applied.status}
            onChange={(e) => setApplied((a) => ({ ...a, status: e.target.value }))}
          >
            <option value="">Any</option>
            <option value="sent">Sent</option>
            <option value="queued">Waiting</option>
            <option value="bounced">Bounced</option>
            <option value="complained">Marked as spam</option>
            <option value="failed">Failed</option>
            <option value="suppressed">Not sent: suppressed</option>
            <option value="skipped">Not sent: skipped</option>
            <option value="paused">Paused</option>
          </select>
        </div>
        <button type="submit" className="btn btn-secondary">
          Search
        </button>
      </form>
      {list.isPending ? (
        <p className="loading" aria-live="polite">
          Loading emails…
        </p>
      ) : list.isError ? (
        <div className="alert alert-error" role="alert">
          <p>Could not load emails: {userMessage(list.error)}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => list.refetch()}>
            Try again
          </button>
        </div>
      ) : messages.length === 0 ? (
        <EmptyState title={applied.search || applied.status ? "No emails match" : "No emails yet"}>
          <p>
            {applied.search || applied.status
              ? "Try another address, subject or status."
              : "Emails your campaigns, automations and test sends send will be listed here."}
          </p>
        </EmptyState>
      ) : (
        <div className="outbox">
          <div className="outbox-list">
            <ul aria-label="Emails" className="outbox-items">
              {messages.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    className="outbox-item"
                    aria-current={m.id === current ? "true" : undefined}
                    onClick={() => setSelected(m.id)}
                  >
                    <span className="outbox-subject">{m.subject}</span>
                    <span className="outbox-meta">
                      To {m.email ?? "no address"} · {formatDateTime(m.createdAt)}
                    </span>
                    <span className="outbox-meta">
                      <StatusBadge message={m} /> {sourceName(m)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? "Loading…" : "Older emails"}
              </button>
            )}
          </div>
          {current && <MessageView id={current} />}
        </div>
      )}
    </>
  );
}

function MessageView({ id }: { id: string }) {
  const message = useQuery({ queryKey: ["message", id], queryFn: () => getMessage(id) });
  if (message.isPending)
    return (
      <p className="loading" aria-live="polite">
        Loading the email…
      </p>
    );
  if (message.isError)
    return (
      <div className="alert alert-error" role="alert">
        Could not load the email: {userMessage(message.error, { 404: "this email no longer exists." })}
      </div>
    );
  const m = message.data;
  const reason = m.reason ? (REASONS[m.reason] ?? m.reason) : null;
  return (
    <article className="outbox-view card" aria-label={`Email: ${m.subject}`} data-testid="outbox-message">
      <h2 className="card-title">{m.subject}</h2>
      <dl className="meta-list">
        <div>
          <dt>From</dt>
          <dd>{m.from}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{m.email ?? "no address"}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge message={m} /> {reason ? `: ${reason}` : ""}
            {m.sentAt ? ` · ${formatDateTime(m.sentAt)}` : ""}
          </dd>
        </div>
        {(m.openedAt || m.clickedAt) && (
          <div>
            <dt>Engagement</dt>
            <dd>
              {m.openedAt ? `Opened ${formatDateTime(m.openedAt)}` : ""}
              {m.openedAt && m.clickedAt ? " · " : ""}
              {m.clickedAt ? `Clicked ${formatDateTime(m.clickedAt)}` : ""}
            </dd>
          </div>
        )}
      </dl>
      {m.detail && (
        <p className="alert alert-error" role="note">
          The mail server answered: {m.detail}
        </p>
      )}
      {m.body ? (
        <>
          <EmailParts title={`The email “${m.subject}”`} html={m.body.html} text={m.body.text} testId="outbox-frame" />
        </>
      ) : (
        <p className="muted">
          {m.status === "sent"
            ? "Inkwell keeps the content of the newest emails only; this one went to the mail server."
            : "This email was not sent, so it has no content to show."}
        </p>
      )}
    </article>
  );
}
