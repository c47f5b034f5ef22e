// The SMTP transport: one nodemailer pool per process (SMTP_POOL_CONNECTIONS connections kept open,
// SMTP_RATE_PER_SECOND messages per second at most), and what the server's answer means for the message.
// nodemailer 10 turns Nagle's algorithm off on its sockets; 8 left it on, and a message's final "." then
// waited for the server's delayed ACK (about 175 messages/s over 8 loopback connections).
import fs from "node:fs";
import tls from "node:tls";
import nodemailer from "nodemailer";
import { config, type SmtpSettings } from "@/lib/config";
import { dkimSignature, dkimSignatureOffThread, type DkimKey } from "./dkim";
import { buildMime, buildSignedMime } from "./mime";

/** A message as the transport takes it: addresses, parts, headers, and its DKIM key when it has one. */
export type OutgoingMail = {
  from: { name: string; address: string };
  to: string;
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** the Message-ID header, with its angle brackets */
  messageId: string;
  /** the envelope sender (MAIL FROM) when it is not the From address: a VERP address (RETURN_PATH_DOMAIN) */
  envelopeFrom?: string | null;
  /** extra headers, written as given (already encoded) */
  headers: Record<string, string>;
  dkim?: DkimKey | null;
};

export type { DkimKey };

/**
 * What became of a message: `sent`; `hard` (a 5xx answer to the recipient or the message: a bounce);
 * `soft` (a 4xx answer: try again later); `error` (the server could not be reached or refused the sender:
 * not the recipient's fault, tried again); `setting` (the server's certificate was not trusted, or it
 * refused the login: no retry fixes that until an operator changes a setting, so the message fails at once
 * and its source pauses).
 */
export type SendOutcome =
  | { result: "sent"; response: string }
  | { result: "hard" | "soft" | "error"; code: number | null; response: string }
  | { result: "setting"; problem: SettingProblem; code: number | null; response: string };

/** A setting the mail server refused: its TLS certificate (SMTP_TLS_CA_FILE, SMTP_HOST) or the login (SMTP_USER). */
export type SettingProblem = "tls-certificate" | "smtp-login";

export type Transport = { kind: "smtp" | "outbox"; send(mail: OutgoingMail): Promise<SendOutcome>; close(): void };

/** The authorities Node trusts by default, with SMTP_TLS_CA_FILE's added (giving `ca` alone would replace them). */
function trustedAuthorities(caFile: string): string[] {
  return [...tls.rootCertificates, fs.readFileSync(caFile, "utf8")];
}

export function transportOptions(smtp: SmtpSettings) {
  return {
    ...(smtp.heloName ? { name: smtp.heloName } : {}),
    ...(smtp.caFile ? { tls: { ca: trustedAuthorities(smtp.caFile) } } : {}),
    host: smtp.host,
    port: smtp.port,
    secure: smtp.tls === "tls",
    requireTLS: smtp.tls === "starttls",
    ignoreTLS: smtp.tls === "none",
    auth: smtp.auth ?? undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

type SmtpError = Error & { responseCode?: number; response?: string; command?: string; code?: string; originalCode?: string };

/** The commands whose refusal is about the recipient or the message, so a 5xx there is a bounce. */
const RECIPIENT_COMMANDS = /^(RCPT|DATA)/i;

/**
 * Node's codes for a certificate that does not verify (OpenSSL's verify errors, and a name that does not
 * match); nodemailer keeps the socket's code as `originalCode` under its own ESOCKET / ETLS.
 */
const CERTIFICATE_CODES = /CERT|SELF_SIGNED|VERIFY_LEAF|ISSUER|ALTNAME|HOSTNAME_MISMATCH/;

export function classifySmtpError(error: unknown): SendOutcome {
  const e = error as SmtpError;
  const code = typeof e.responseCode === "number" ? e.responseCode : null;
  const response = (e.response ?? e.message ?? String(error)).slice(0, 500);
  if (CERTIFICATE_CODES.test(e.originalCode ?? "") || CERTIFICATE_CODES.test(e.code ?? ""))
    return { result: "setting", problem: "tls-certificate", code, response: `${e.message} (${e.originalCode ?? e.code})`.slice(0, 500) };
  // A 454 (temporary authentication failure) stays a retry; a refused or impossible login does not heal.
  if (e.code === "EAUTH" && (code === null || code >= 500)) return { result: "setting", problem: "smtp-login", code, response };
  if (code !== null && code >= 500 && RECIPIENT_COMMANDS.test(e.command ?? "")) return { result: "hard", code, response };
  if (code !== null && code >= 400 && code < 500) return { result: "soft", code, response };
  return { result: "error", code, response };
}

/**
 * The nodemailer message of an OutgoingMail: the message built by mime.ts, DKIM-signed by dkim.ts (not by
 * nodemailer: see there why), the envelope from the return path or the sender.
 */
export function nodemailerMessage(mail: OutgoingMail) {
  const key = mail.dkim;
  return {
    envelope: { from: mail.envelopeFrom || mail.from.address, to: [mail.to] },
    raw: buildMime(mail, key ? (head, body) => dkimSignature(head, body, key) : undefined),
  };
}

/** nodemailerMessage with the DKIM signature made off the thread (dkimSignatureOffThread): what the pool sends. */
export async function signedNodemailerMessage(mail: OutgoingMail) {
  const key = mail.dkim;
  if (!key) return nodemailerMessage(mail);
  return {
    envelope: { from: mail.envelopeFrom || mail.from.address, to: [mail.to] },
    raw: await buildSignedMime(mail, (head, body) => dkimSignatureOffThread(head, body, key)),
  };
}

export function smtpTransport(smtp: SmtpSettings, options: { connections: number; ratePerSecond: number }): Transport {
  const transporter = nodemailer.createTransport({
    ...transportOptions(smtp),
    pool: true,
    maxConnections: options.connections,
    maxMessages: 1000,
    ...(options.ratePerSecond > 0 ? { rateLimit: options.ratePerSecond, rateDelta: 1000 } : {}),
  });
  return {
    kind: "smtp",
    async send(mail) {
      try {
        const info = await transporter.sendMail(await signedNodemailerMessage(mail));
        return { result: "sent", response: String(info.response ?? "").slice(0, 500) };
      } catch (error) {
        return classifySmtpError(error);
      }
    },
    close: () => transporter.close(),
  };
}

/** The embedded default: nothing leaves the machine; the pipeline keeps the message in the outbox. */
export const outboxTransport: Transport = {
  kind: "outbox",
  send: async () => ({ result: "sent", response: "kept in the outbox" }),
  close: () => {},
};

let shared: Transport | undefined;

/** This process's transport, from the configuration (SMTP when SMTP_HOST is set, else the outbox). */
export function processTransport(): Transport {
  if (shared) return shared;
  const settings = config();
  shared = settings.smtp
    ? smtpTransport(settings.smtp, { connections: settings.SMTP_POOL_CONNECTIONS, ratePerSecond: settings.SMTP_RATE_PER_SECOND })
    : outboxTransport;
  return shared;
}

export function closeProcessTransport(): void {
  shared?.close();
  shared = undefined;
}
