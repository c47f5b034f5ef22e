// How the Outbox names a message: its status (with why it was not sent) and where it came from.
import type { MessageStatus, MessageSummary } from "@/components/sending/sending-client";

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

export const REASONS: Record<string, string> = {
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
  "tls-certificate": "the mail server's certificate was not trusted (a setting to fix)",
  "smtp-login": "the mail server refused Inkwell's login (a setting to fix)",
};

export function StatusBadge({ message }: { message: Pick<MessageSummary, "status" | "transport"> }) {
  if (message.status === "sent" && message.transport === "outbox") return <span className="badge badge-info">In the outbox</span>;
  const words = STATUS_WORDS[message.status];
  return <span className={`badge ${words.badge}`}>{words.label}</span>;
}

/** A test email is marked as one wherever it shows, so it is never mistaken for mail a contact got. */
export function TestBadge({ message }: { message: Pick<MessageSummary, "mode"> }) {
  return message.mode === "test" ? <span className="badge badge-warning">Test</span> : null;
}

/** Where a message came from. Template and automation-block tests share the source kind "test". */
export function sourceName(m: Pick<MessageSummary, "mode" | "source">): string {
  if (m.mode === "system") return "Inkwell";
  if (m.mode === "test") return m.source.kind === "campaign-test" ? "Campaign test" : "Test email";
  if (m.source.kind === "campaign") return "Campaign";
  if (m.source.kind === "automation") return "Automation";
  return m.source.kind;
}
