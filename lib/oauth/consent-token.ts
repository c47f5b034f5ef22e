// CSRF protection of the consent form: a token signed with the "oauth-consent" key derived from AUTH_SECRET, bound to the signed-in user and
// to the exact authorization request, valid for the lifetime of an authorization code. A forged form
// cannot carry one, and a token for one request cannot approve another.
import { signingKey, verifyingKeys } from "@/lib/auth/keys";
import { createHmac, timingSafeEqual } from "node:crypto";

const LIFETIME_MS = 10 * 60_000;

function mac(userId: string, request: string, issuedAt: number, key = signingKey("oauth-consent")): string {
  return createHmac("sha256", key).update(`oauth-consent\n${userId}\n${issuedAt}\n${request}`).digest("base64url");
}

export function consentToken(userId: string, request: string, now = Date.now()): string {
  return `${now}.${mac(userId, request, now)}`;
}

export function verifyConsentToken(token: string, userId: string, request: string, now = Date.now()): boolean {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const issuedAt = Number(match[1]);
  if (issuedAt > now + 60_000 || now - issuedAt > LIFETIME_MS) return false;
  const given = Buffer.from(match[2]);
  // A form opened just before a rotation (or the deploy that derived this key) still submits.
  return verifyingKeys("oauth-consent", { legacy: true }).some((key) => {
    const expected = Buffer.from(mac(userId, request, issuedAt, key));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
