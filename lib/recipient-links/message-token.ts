// The token of one sent message (lib/delivery): its links (unsubscribe, preferences, web version, the
// one-click List-Unsubscribe URL), its open pixel and its click redirects carry it. It names the message
// only (its brand, contact and content are looked up), signed with the "message-token" key derived from
// AUTH_SECRET (HMAC-SHA-256, 96 bits kept; lib/auth/keys.ts), so nobody can make one for another message;
// it never expires, as unsubscribe links must keep working while the email sits in an inbox: a token
// signed under a previous secret (AUTH_SECRET_PREVIOUS) or, before derived keys, under the raw secret,
// still verifies.
//
// A click redirect carries the link's URL beside the token with a MAC of its own over (the message's
// content, URL): the redirect goes only to links that content's messages had (no open redirect), whoever
// edits the query. Keyed by the content rather than the message, a send signs each of its links once
// (clickSigner), not once per recipient.
import { createHmac, timingSafeEqual } from "node:crypto";
import { signingKey, verifyingKeys } from "@/lib/auth/keys";
import { ID_PATTERN } from "@/lib/ids";

const VERSION = 0x02;
const MAC_BYTES = 12;
const TOKEN_BYTES = 1 + 12 + MAC_BYTES;
const URL_MAC_BYTES = 12;

function mac(key: Buffer, purpose: string, ...parts: (string | Buffer)[]): Buffer {
  const h = createHmac("sha256", key).update(`inkwell ${purpose} v1\n`);
  for (const part of parts) h.update(part).update("\n");
  return h.digest();
}

const signing = () => signingKey("message-token");
/** Current, previous and legacy keys: what was signed before a rotation keeps verifying. */
const verifying = () => verifyingKeys("message-token", { legacy: true });

function equal(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export function signMessageToken(messageId: string): string {
  const payload = Buffer.concat([Buffer.from([VERSION]), Buffer.from(messageId, "hex")]);
  return Buffer.concat([payload, mac(signing(), "message", payload).subarray(0, MAC_BYTES)]).toString("base64url");
}

/** The message id of a genuine token, or null (wrong shape, forged, damaged). */
export function verifyMessageToken(token: string): string | null {
  if (!/^[A-Za-z0-9_-]{30,40}$/.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== TOKEN_BYTES || bytes[0] !== VERSION) return null;
  const payload = bytes.subarray(0, 13);
  const given = bytes.subarray(13);
  if (!verifying().some((key) => equal(mac(key, "message", payload).subarray(0, MAC_BYTES), given))) return null;
  const id = payload.subarray(1).toString("hex");
  return ID_PATTERN.test(id) ? id : null;
}

/** The MAC that lets a click redirect go to `url` for messages of this content. */
export function clickSignature(contentId: string, url: string, key = signing()): string {
  return mac(key, "click", contentId, url).subarray(0, URL_MAC_BYTES).toString("base64url");
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
  const given = Buffer.from(signature);
  return verifying().some((key) => equal(Buffer.from(clickSignature(contentId, url, key)), given));
}

/** A short MAC of a message id, for its Message-ID header (webhooks trust a message they find by it). */
export function messageIdSignature(messageId: string, key = signing()): string {
  return mac(key, "message-id", messageId).subarray(0, 6).toString("hex");
}

/** Whether `signature` is the Message-ID MAC of `messageId` under any key a rotation keeps. */
export function verifyMessageIdSignature(messageId: string, signature: string): boolean {
  const given = Buffer.from(signature);
  return verifying().some((key) => equal(Buffer.from(messageIdSignature(messageId, key)), given));
}
