// The message as the SMTP server receives it (RFC 5322, MIME): headers, and a multipart/alternative body
// of a plain-text and an HTML part, both UTF-8 in quoted-printable. Built here rather than by nodemailer's
// composer: for a newsletter of 50-80 KB the composer spent 2-3 ms of CPU per message choosing and applying
// a transfer encoding in streams, several times what rendering the message costs; this encoder makes one
// pass over the bytes. nodemailer still speaks SMTP (its pool); DKIM is signed in dkim.ts over the parts built here.
import { randomBytes } from "node:crypto";

const MAX_LINE = 76;
// Everything but printable ASCII, space, tab and the line break is written =XX, one per UTF-8 byte.
const SPECIAL = /[^\x21-\x7e \t\n]/gu;
const ANY_SPECIAL = /[^\x21-\x7e \t\n]/;
const encoded = new Map<string, string>();
function hexBytes(char: string): string {
  let hex = encoded.get(char);
  if (hex === undefined) {
    hex = Array.from(Buffer.from(char, "utf8"), (b) => `=${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
    if (encoded.size < 10_000) encoded.set(char, hex);
  }
  return hex;
}

/** A line of more than 76 characters cut with soft breaks ("=" at the end) after at most 75, never inside an =XX. */
function wrapLine(e: string): string {
  const parts: string[] = [];
  let start = 0;
  while (e.length - start > MAX_LINE) {
    let cut = start + MAX_LINE - 1;
    if (e[cut - 1] === "=") cut -= 1;
    else if (e[cut - 2] === "=") cut -= 2;
    parts.push(`${e.slice(start, cut)}=`);
    start = cut;
  }
  parts.push(e.slice(start));
  return parts.join("\r\n");
}

/**
 * Quoted-printable (RFC 2045 6.7) of UTF-8 text, CRLF line breaks, lines of at most 76 characters. The
 * encoding is a few native replaces over the whole text ("=" first: HTML is full of them), then only the
 * long lines are cut: most of an email is printable ASCII in short lines, copied as it is.
 */
export function quotedPrintable(text: string): string {
  let e = text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
  e = e.replaceAll("=", "=3D");
  if (ANY_SPECIAL.test(e)) e = e.replace(SPECIAL, hexBytes);
  // A space or tab at the end of a line would be lost in transport: encoded there (a two-character
  // pattern: a lookahead at every space cost 3% of the delivery worker).
  e = e.replace(/[ \t]\n/g, (c) => (c === " \n" ? "=20\n" : "=09\n"));
  const last = e.charCodeAt(e.length - 1);
  if (last === 32 || last === 9) e = e.slice(0, -1) + (last === 32 ? "=20" : "=09");
  const lines = e.split("\n");
  for (let i = 0; i < lines.length; i++) if (lines[i].length > MAX_LINE) lines[i] = wrapLine(lines[i]);
  return lines.join("\r\n");
}

const NEEDS_ENCODING = /[^\x20-\x7e]/;

/** A header value as RFC 2047 encoded words when it is not plain ASCII (UTF-8, base64, 45-byte chunks). */
export function encodeWords(value: string): string {
  if (!NEEDS_ENCODING.test(value)) return value;
  const words: string[] = [];
  let chunk = "";
  for (const char of value) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk);
      chunk = "";
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, "utf8").toString("base64")}?=`).join("\r\n ");
}

/** A mailbox: `Name <address>`, the name quoted when it has specials, encoded when not ASCII. */
export function mailbox(address: string, name?: string | null): string {
  if (!name) return address;
  const display = NEEDS_ENCODING.test(name)
    ? encodeWords(name)
    : /[()<>[\]:;@\\,."]/.test(name)
      ? `"${name.replace(/(["\\])/g, "\\$1")}"`
      : name;
  return `${display} <${address}>`;
}

export type MimeMessage = {
  from: { name: string; address: string };
  to: string;
  replyTo?: string | null;
  subject: string;
  messageId: string;
  date?: Date;
  /** extra headers, written as given (ASCII) */
  headers: Record<string, string>;
  html: string;
  text: string;
};

// A boundary is unique within the process (a random prefix, a counter): it cannot occur in a part, which is
// quoted-printable and so never has "=_", and reading 12 random bytes per message cost 1.4% of the worker.
const BOUNDARY_PREFIX = `----=_inkwell_${randomBytes(6).toString("hex")}`;
let boundaries = 0;

/** The message's header block (CRLF between fields, no blank line) and its body: what DKIM signs (dkim.ts). */
export function mimeParts(m: MimeMessage): { head: string; body: string } {
  const boundary = `${BOUNDARY_PREFIX}${(boundaries++ % 0xffffffffffff).toString(16).padStart(12, "0")}`;
  const head = [
    `From: ${mailbox(m.from.address, m.from.name)}`,
    `To: ${m.to}`,
    ...(m.replyTo ? [`Reply-To: ${m.replyTo}`] : []),
    `Subject: ${encodeWords(m.subject.replace(/[\r\n]+/g, " "))}`,
    `Date: ${(m.date ?? new Date()).toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: ${m.messageId}`,
    ...Object.entries(m.headers).map(([k, v]) => `${k}: ${v.replace(/[\r\n]+/g, " ")}`),
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ].join("\r\n");
  const part = (type: string, body: string) =>
    `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${quotedPrintable(body)}\r\n`;
  return { head, body: `${part("text/plain", m.text)}${part("text/html", m.html)}--${boundary}--\r\n` };
}

/**
 * The whole message, ready for SMTP's DATA (CRLF line breaks, no line over 998 characters), with
 * `signature` (a DKIM-Signature field of dkim.ts) first when given.
 */
export function buildMime(m: MimeMessage, sign?: (head: string, body: string) => string): Buffer {
  const { head, body } = mimeParts(m);
  return assemble(sign ? `${sign(head, body)}\r\n` : "", head, body);
}

/** buildMime with a signature that arrives later (dkim.ts's dkimSignatureOffThread). */
export async function buildSignedMime(m: MimeMessage, sign: (head: string, body: string) => Promise<string>): Promise<Buffer> {
  const { head, body } = mimeParts(m);
  return assemble(`${await sign(head, body)}\r\n`, head, body);
}

// Every character is ASCII by now (encoded words, quoted-printable); a stray one in a header goes as UTF-8.
const assemble = (signature: string, head: string, body: string) => Buffer.from(`${signature}${head}\r\n\r\n${body}`, "utf8");
