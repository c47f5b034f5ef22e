"use client";
// One email of the Outbox: who sent it to whom, what became of it, and the email itself in a sandboxed
// frame (./email-parts.tsx). A test email also shows what the store of test emails knows of it (its
// template, whose details it shows, who sent it), read from GET /api/test-emails/{id}: a test send's id is
// its messages' source id. That store keeps the newest 200 per brand; an older test shows without them.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { getTestEmail } from "@/components/editor/send/test-send-api";
import { getMessage } from "@/components/sending/sending-client";
import { formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { EmailParts } from "./email-parts";
import { REASONS, sourceName, StatusBadge, TestBadge } from "./message-words";

/** `focus`: the person picked this email, so its heading takes the focus once loaded (on a phone the view
 * is below the list: focusing scrolls it into sight, and a screen reader reads where it went). */
export function MessageView({ id, focus }: { id: string; focus: boolean }) {
  const message = useQuery({ queryKey: ["message", id], queryFn: () => getMessage(id) });
  const m = message.data;
  const isTest = m?.mode === "test";
  const test = useQuery({
    queryKey: ["test-email", m?.source.id],
    queryFn: () => getTestEmail(m!.source.id),
    enabled: isTest,
    retry: false,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus && m) heading.current?.focus();
  }, [focus, m]);
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
  const msg = message.data;
  const reason = msg.reason ? (REASONS[msg.reason] ?? msg.reason) : null;
  const stored = test.data;
  // A failed test keeps no body among the messages; the store of test emails has what was rendered.
  const body = msg.body ?? (stored ? { html: stored.html, text: stored.text } : null);
  return (
    <article className="outbox-view card" aria-labelledby={`outbox-title-${msg.id}`} data-testid="outbox-message">
      <h2 className="card-title" id={`outbox-title-${msg.id}`} ref={heading} tabIndex={-1}>
        {msg.subject}
      </h2>
      <dl className="meta-list">
        <div>
          <dt>From</dt>
          <dd>{msg.from}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{msg.email ?? "no address"}</dd>
        </div>
        <div>
          <dt>Kind</dt>
          <dd>
            <TestBadge message={msg} /> {sourceName(msg)}
          </dd>
        </div>
        {stored && (
          <>
            <div>
              <dt>Template</dt>
              <dd>
                <Link href={`/templates/${stored.templateId}`}>{stored.templateName}</Link>
              </dd>
            </div>
            <div>
              <dt>Shows the details of</dt>
              <dd>{stored.contact ? (stored.contact.email ?? stored.contact.id) : "Sample data"}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge message={msg} /> {reason ? `: ${reason}` : ""}
            {msg.sentAt ? ` · ${formatDateTime(msg.sentAt)}` : ""}
            {stored?.sentBy ? ` · by ${stored.sentBy}` : ""}
          </dd>
        </div>
        {(msg.openedAt || msg.clickedAt) && (
          <div>
            <dt>Engagement</dt>
            <dd>
              {msg.openedAt ? `Opened ${formatDateTime(msg.openedAt)}` : ""}
              {msg.openedAt && msg.clickedAt ? " · " : ""}
              {msg.clickedAt ? `Clicked ${formatDateTime(msg.clickedAt)}` : ""}
            </dd>
          </div>
        )}
      </dl>
      {msg.detail && (
        <p className="alert alert-error" role="note">
          The mail server answered: {msg.detail}
        </p>
      )}
      {body ? (
        <EmailParts title={`The email “${msg.subject}”`} html={body.html} text={body.text} testId="outbox-frame" />
      ) : isTest && test.isPending ? (
        <p className="loading" aria-live="polite">
          Loading the email…
        </p>
      ) : (
        <p className="muted">
          {msg.status === "sent"
            ? "Inkwell keeps the content of the newest emails only; this one went to the mail server."
            : "This email was not sent, so it has no content to show."}
        </p>
      )}
    </article>
  );
}
