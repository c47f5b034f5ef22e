// DKIM (RFC 6376, rsa-sha256, relaxed/relaxed) of the messages mime.ts builds, signed here rather than by
// nodemailer: its signer canonicalizes the body byte by byte in JavaScript streams, which took about a
// tenth of the delivery worker's CPU on a 61 KB newsletter (profile in docs/performance.md), and parsed the
// PEM key again for every message. Here the body is canonicalized by two native regular expressions and
// hashed in one call (it is ASCII by construction: quoted-printable parts, encoded words), the key is
// parsed once, and the headers are the ones mime.ts wrote, so nothing is parsed back. Bytes are signed as
// buildMime sends them (UTF-8), should a header carry a non-ASCII address.
import { createHash, createPrivateKey, sign, type KeyObject } from "node:crypto";

export type DkimKey = { domainName: string; keySelector: string; privateKey: string };

/** The fields signed when present: RFC 6376 5.4.1's list, and List-Unsubscribe-Post (RFC 8058 asks for both). */
const SIGNED = [
  "from",
  "sender",
  "reply-to",
  "subject",
  "date",
  "message-id",
  "to",
  "cc",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
  "in-reply-to",
  "references",
  "list-id",
  "list-help",
  "list-unsubscribe",
  "list-unsubscribe-post",
  "list-subscribe",
  "list-post",
  "list-owner",
  "list-archive",
];

const keys = new Map<string, KeyObject>();
function keyObject(pem: string): KeyObject {
  let key = keys.get(pem);
  if (!key) {
    if (keys.size > 100) keys.clear();
    key = createPrivateKey(pem);
    keys.set(pem, key);
  }
  return key;
}

// A line break not preceded by CR (a bare LF), runs of WSP (or a lone tab) to collapse, a space before a line break.
const BARE_LF = /(?<!\r)\n/;
const WSP_RUN = /[ \t]{2,}|\t/g;
const SPACE_AT_EOL = / \r\n/g;

/**
 * Relaxed body canonicalization (RFC 6376 3.4.4) of a body, hashed: the bh= value. Written as passes that
 * match only what must change (a run of WSP, a space at a line's end), so a body already close to canonical,
 * as mime.ts builds them (CRLF, no trailing WSP), is copied once at most: replacing every line break and
 * every space, as a first version did, cost ~10% of the delivery worker's CPU on a 61 KiB newsletter.
 */
export function relaxedBodyHash(body: string): string {
  let c = BARE_LF.test(body) ? body.replace(/\r?\n/g, "\r\n") : body;
  c = c.replace(WSP_RUN, " ").replace(SPACE_AT_EOL, "\r\n");
  if (c.endsWith(" ")) c = c.slice(0, -1);
  let end = c.length;
  while (end >= 2 && c.charCodeAt(end - 1) === 10 && c.charCodeAt(end - 2) === 13) end -= 2;
  const hash = createHash("sha256").update(end === c.length ? c : c.slice(0, end), "utf8");
  if (end > 0) hash.update("\r\n");
  return hash.digest("base64");
}

/** Relaxed header canonicalization (RFC 6376 3.4.2) of a header field's value: unfolded, runs of WSP as one space, trimmed. */
const relaxedValue = (value: string) =>
  value
    .replace(/\r\n/g, "")
    .replace(/[ \t]+/g, " ")
    .replace(/^ | $/g, "");

/** The header fields of a CRLF header block (folded lines joined to their field), as [lowercase name, value]. */
function fields(head: string): [string, string][] {
  const out: [string, string][] = [];
  for (const line of head.split(/\r\n(?![ \t])/)) {
    const colon = line.indexOf(":");
    if (colon > 0) out.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1)]);
  }
  return out;
}

/** What is signed (the signed fields, then the DKIM-Signature field with an empty b=) and its tags. */
function toSign(head: string, body: string, key: DkimKey): { tags: string[]; data: Buffer } {
  const last = new Map(fields(head));
  const names = SIGNED.filter((n) => last.has(n));
  const tags = [
    "v=1",
    "a=rsa-sha256",
    "c=relaxed/relaxed",
    `d=${key.domainName.toLowerCase()}`,
    "q=dns/txt",
    `s=${key.keySelector}`,
    `bh=${relaxedBodyHash(body)}`,
    `h=${names.join(":")}`,
    "b=",
  ];
  const unsigned = tags.join("; ");
  const signed = [...names.map((n) => `${n}:${relaxedValue(last.get(n)!)}`), `dkim-signature:${relaxedValue(unsigned)}`].join("\r\n");
  return { tags, data: Buffer.from(signed, "utf8") };
}

// Folded between tags and inside b= (whitespace there is ignored), so no line nears SMTP's 998.
const field = (tags: string[], signature: Buffer) =>
  `DKIM-Signature: ${tags.slice(0, -1).join(";\r\n ")};\r\n b=${signature.toString("base64").replace(/.{72}(?=.)/g, "$&\r\n ")}`;

/**
 * The DKIM-Signature header field (without its final CRLF) of a message made of `head` (its header block,
 * CRLF between fields, no blank line) and `body` (what follows the blank line). Each field is signed at its
 * last occurrence, as a verifier reads it.
 */
export function dkimSignature(head: string, body: string, key: DkimKey): string {
  const { tags, data } = toSign(head, body, key);
  return field(tags, sign("sha256", data, keyObject(key.privateKey)));
}

/**
 * dkimSignature with the RSA signature made on libuv's thread pool (Node's `sign` with a callback): a
 * 2048-bit signature is ~9% of the delivery worker's CPU per message, and meanwhile the worker's thread
 * renders the next messages and writes to the SMTP sockets.
 */
export function dkimSignatureOffThread(head: string, body: string, key: DkimKey): Promise<string> {
  const { tags, data } = toSign(head, body, key);
  return new Promise((resolve, reject) =>
    sign("sha256", data, keyObject(key.privateKey), (error, signature) => (error ? reject(error) : resolve(field(tags, signature)))),
  );
}
