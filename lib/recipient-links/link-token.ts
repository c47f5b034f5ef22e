// The token in an email's unsubscribe, preferences and view-in-browser links: which brand, contact and
// template the email was for, and whether it was a real email, a test send or a preview. Signed with
// the "recipient-link" key derived from AUTH_SECRET (HMAC-SHA-256, 128 bits kept; lib/auth/keys.ts: a link
// signed under a previous secret or, before derived keys, the raw secret still verifies), so nobody can make a link for another contact; it carries
// ids only (no email address), and it does not expire: unsubscribe links must keep working for as long
// as the email sits in an inbox.
import { createHmac, timingSafeEqual } from "node:crypto";
import { signingKey, verifyingKeys } from "@/lib/auth/keys";
import { ID_PATTERN } from "@/lib/ids";

/** live: an email to the contact (the pages act); test: a test send; preview: no contact (sample data). */
export type LinkMode = "live" | "test" | "preview";

export type LinkClaims = { mode: LinkMode; brandId: string; contactId: string | null; templateId: string | null };

const MODES: readonly LinkMode[] = ["live", "test", "preview"];
const NONE = "0".repeat(24);
const MAC_BYTES = 16;
const PAYLOAD_BYTES = 1 + 12 * 3;

function mac(payload: Buffer, key = signingKey("recipient-link")): Buffer {
  return createHmac("sha256", key).update("inkwell recipient link v1\n").update(payload).digest().subarray(0, MAC_BYTES);
}

export function signLink(claims: LinkClaims): string {
  const payload = Buffer.concat([
    Buffer.from([MODES.indexOf(claims.mode)]),
    Buffer.from(claims.brandId, "hex"),
    Buffer.from(claims.contactId ?? NONE, "hex"),
    Buffer.from(claims.templateId ?? NONE, "hex"),
  ]);
  return Buffer.concat([payload, mac(payload)]).toString("base64url");
}

/** The claims of a genuine token, or null for anything else (wrong length, forged, damaged). */
export function verifyLink(token: string): LinkClaims | null {
  if (!/^[A-Za-z0-9_-]{60,80}$/.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  const given = bytes.subarray(PAYLOAD_BYTES);
  if (!verifyingKeys("recipient-link", { legacy: true }).some((key) => timingSafeEqual(mac(payload, key), given))) return null;
  const mode = MODES[payload[0]];
  const id = (from: number) => payload.subarray(from, from + 12).toString("hex");
  const brandId = id(1);
  const contactId = id(13);
  const templateId = id(25);
  if (!mode || !ID_PATTERN.test(brandId)) return null;
  return { mode, brandId, contactId: contactId === NONE ? null : contactId, templateId: templateId === NONE ? null : templateId };
}
