// INBOUND_IMAP_URL: the mailbox Inkwell reads bounce notices, complaints and unsubscribe mail from, for those
// who can give it a mailbox but not an MX or a pipe (issue 39). imap://user:password@host:port/Mailbox,
// or imaps:// (TLS from the start); the user and password percent-encoded as in any URL.

export type MailboxSettings = {
  host: string;
  port: number;
  /** TLS from the start (imaps); imap upgrades with STARTTLS when the server offers it */
  secure: boolean;
  user: string;
  pass: string;
  /** the mailbox polled (default INBOX) */
  mailbox: string;
};

/** The settings of an INBOUND_IMAP_URL, or a sentence saying what is wrong with it. */
export function parseMailboxUrl(value: string): MailboxSettings | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be a URL, e.g. imaps://bounces%40acme.com:password@imap.acme.com/INBOX";
  }
  if (url.protocol !== "imap:" && url.protocol !== "imaps:") return 'must start with "imap://" or "imaps://"';
  if (!url.hostname) return "must name the IMAP server's host";
  if (!url.username || !url.password) return "must carry the mailbox's user and password (imap://user:password@host/INBOX)";
  const secure = url.protocol === "imaps:";
  let mailbox: string;
  try {
    mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, "")) || "INBOX";
  } catch {
    return "must name the mailbox percent-encoded";
  }
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(url.username),
    pass: decodeURIComponent(url.password),
    mailbox,
  };
}
