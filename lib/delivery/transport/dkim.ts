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

/** Relaxed body canonicalization (RFC 6376 3.4.4) of a CRLF body, hashed: the bh= value. */
export function relaxedBodyHash(body: string): string {
  let canonical = body
    .replace(/\r?\n/g, "\r\n")
    .replace(/[ \t]+/g, " ")
    .replace(/ (?=\r\n|$)/g, "")
    .replace(/(\r\n)+$/, "");
  if (canonical.length > 0) canonical += "\r\n";
  return createHash("sha256").update(canonical, "utf8").digest("base64");
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

/**
 * The DKIM-Signature header field (without its final CRLF) of a message made of `head` (its header block,
 * CRLF between fields, no blank line) and `body` (what follows the blank line). Each field is signed at its
 * last occurrence, as a verifier reads it.
 */
export function dkimSignature(head: string, body: string, key: DkimKey): string {
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
  const b = sign("sha256", Buffer.from(signed, "utf8"), keyObject(key.privateKey)).toString("base64");
  // Folded between tags and inside b= (whitespace there is ignored), so no line nears SMTP's 998.
  return `DKIM-Signature: ${tags.slice(0, -1).join(";\r\n ")};\r\n b=${b.replace(/.{72}(?=.)/g, "$&\r\n ")}`;
}
