"use client";
// Test emails: every test sent from the editor, newest first; when Inkwell has no mail server this is
// the outbox they land in. A test's email shows in a sandboxed frame (sandbox="": no scripts, no
// same-origin access), as its recipients would see it.
import { formatDateTime } from "@/components/ui/format";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { getTestEmail, listTestEmails, type TestEmailSummary } from "@/components/editor/send/test-send-api";
import "./test-emails.css";
import { userMessage } from "@/components/ui/messages";
import { EmailParts } from "./email-parts";

const when = (iso: string) => formatDateTime(iso);

function Delivery({ email }: { email: TestEmailSummary }) {
  if (email.status === "failed") return <span className="badge badge-danger">Not sent</span>;
  return email.transport === "outbox" ? (
    <span className="badge badge-info">In the outbox</span>
  ) : (
    <span className="badge badge-success">Sent</span>
  );
}

export function TestEmailsPage({ hasMailServer }: { hasMailServer: boolean }) {
  const [selected, setSelected] = useState<string | null>(null);
  const list = useInfiniteQuery({
    queryKey: ["test-emails"],
    queryFn: ({ pageParam }) => listTestEmails(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.paging.hasMore ? last.paging.cursors.after : undefined),
  });
  const emails = list.data?.pages.flatMap((p) => p.testEmails) ?? [];
  const current = selected ?? emails[0]?.id ?? null;
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">Test emails</h1>
        <p className="muted">
          {hasMailServer
            ? "Test emails sent from the editor through your mail server, newest first."
            : "Inkwell has no mail server set up, so test emails from the editor are kept here instead of being delivered."}
        </p>
      </div>
      {list.isPending ? (
        <p className="loading" aria-live="polite">
          Loading test emails…
        </p>
      ) : list.isError ? (
        <div className="alert alert-error" role="alert">
          Could not load test emails: {userMessage(list.error)}
        </div>
      ) : emails.length === 0 ? (
        <EmptyState
          title="No test emails yet"
          action={
            <Link href="/templates" className="btn btn-primary">
              Open a template
            </Link>
          }
        >
          <p>Open a template and choose “Send test” to see how your email looks in an inbox.</p>
        </EmptyState>
      ) : (
        <div className="outbox">
          <div className="outbox-list">
            <ul aria-label="Test emails" className="outbox-items">
              {emails.map((email) => (
                <li key={email.id}>
                  <button
                    type="button"
                    className="outbox-item"
                    aria-current={email.id === current ? "true" : undefined}
                    onClick={() => setSelected(email.id)}
                  >
                    <span className="outbox-subject">{email.subject}</span>
                    <span className="outbox-meta">
                      To {email.to.join(", ")} · {when(email.createdAt)}
                    </span>
                    <span className="outbox-meta">
                      <Delivery email={email} /> {email.contact ? `As ${email.contact.email ?? "a contact"}` : "Sample data"}
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
                {list.isFetchingNextPage ? "Loading…" : "Older test emails"}
              </button>
            )}
          </div>
          {current && <TestEmailView id={current} />}
        </div>
      )}
    </>
  );
}

function TestEmailView({ id }: { id: string }) {
  const email = useQuery({ queryKey: ["test-email", id], queryFn: () => getTestEmail(id) });
  if (email.isPending)
    return (
      <p className="loading" aria-live="polite">
        Loading the email…
      </p>
    );
  if (email.isError)
    return (
      <div className="alert alert-error" role="alert">
        Could not load the email: {userMessage(email.error, { 404: "this test email no longer exists." })}
      </div>
    );
  const e = email.data;
  return (
    <article className="outbox-view card" aria-label={`Test email: ${e.subject}`} data-testid="test-email">
      <h2 className="card-title">{e.subject}</h2>
      <dl className="meta-list">
        <div>
          <dt>From</dt>
          <dd>{e.from}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{e.to.join(", ")}</dd>
        </div>
        <div>
          <dt>Shows the details of</dt>
          <dd>{e.contact ? (e.contact.email ?? e.contact.id) : "Sample data"}</dd>
        </div>
        <div>
          <dt>Template</dt>
          <dd>
            <Link href={`/templates/${e.templateId}`}>{e.templateName}</Link>
          </dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>
            {when(e.createdAt)}
            {e.sentBy ? ` by ${e.sentBy}` : ""} · <Delivery email={e} />
          </dd>
        </div>
      </dl>
      {e.error && (
        <p className="alert alert-error" role="note">
          The mail server answered: {e.error}
        </p>
      )}
      <EmailParts title={`The test email “${e.subject}”`} html={e.html} text={e.text} testId="test-email-frame" />
    </article>
  );
}
