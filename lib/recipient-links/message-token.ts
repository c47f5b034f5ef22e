// The token of one sent message (lib/delivery): its links (unsubscribe, preferences, web version, the
// one-click List-Unsubscribe URL), its open pixel and its click redirects carry it. It names the message
// only (its brand, contact and content are looked up), signed with AUTH_SECRET (HMAC-SHA-256, 96 bits
// kept), so nobody can make one for another message; it never expires, as unsubscribe links must keep
// working while the email sits in an inbox.
//
// A click redirect carries the link's URL beside the token with a MAC of its own over (the message's
// content, URL): the redirect goes only to links that content's messages had (no open redirect), whoever
// edits the query. Keyed by the content rather than the message, a send signs each of its links once
// (clickSigner), not once per recipient.
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/config";
import { ID_PATTERN } from "@/lib/ids";

const VERSION = 0x02;
const MAC_BYTES = 12;
const TOKEN_BYTES = 1 + 12 + MAC_BYTES;
const URL_MAC_BYTES = 12;

function mac(purpose: string, ...parts: (string | Buffer)[]): Buffer {
  const h = createHmac("sha256", authSecret()).update(`inkwell ${purpose} v1\n`);
  for (const part of parts) h.update(part).update("\n");
  return h.digest();
}

export function signMessageToken(messageId: string): string {
  const payload = Buffer.concat([Buffer.from([VERSION]), Buffer.from(messageId, "hex")]);
  return Buffer.concat([payload, mac("message", payload).subarray(0, MAC_BYTES)]).toString("base64url");
}

/** The message id of a genuine token, or null (wrong shape, forged, damaged). */
export function verifyMessageToken(token: string): string | null {
  if (!/^[A-Za-z0-9_-]{30,40}$/.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== TOKEN_BYTES || bytes[0] !== VERSION) return null;
  const payload = bytes.subarray(0, 13);
  if (!timingSafeEqual(mac("message", payload).subarray(0, MAC_BYTES), bytes.subarray(13))) return null;
  const id = payload.subarray(1).toString("hex");
  return ID_PATTERN.test(id) ? id : null;
}

/** The MAC that lets a click redirect go to `url` for messages of this content. */
export function clickSignature(contentId: string, url: string): string {
  return mac("click", contentId, url).subarray(0, URL_MAC_BYTES).toString("base64url");
}

/** clickSignature for one content, remembering each link's (the links of a send repeat for every recipient). */
export function clickSigner(contentId: string): (url: string) => string {
  const signed = new Map<string, string>();
  return (url) => {
    let signature = signed.get(url);
    if (signature === undefined) {
      signature = clickSignature(contentId, url);
      if (signed.size >= 5_000) signed.clear();
      signed.set(url, signature);
    }
    return signature;
  };
}

export function verifyClickSignature(contentId: string, url: string, signature: string): boolean {
  const expected = Buffer.from(clickSignature(contentId, url));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A short MAC of a message id, for its Message-ID header (webhooks trust a message they find by it). */
export function messageIdSignature(messageId: string): string {
  return mac("message-id", messageId).subarray(0, 6).toString("hex");
}
