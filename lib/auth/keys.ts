// Keys derived from AUTH_SECRET, one per purpose (HKDF-SHA-256, RFC 5869): a key that signs unsubscribe
// links never seals a DKIM key or signs a consent form, and learning one tells nothing of the others.
//
// Rotation: AUTH_SECRET_PREVIOUS lists the secrets AUTH_SECRET held before (newest first). Signing and
// sealing always use the current secret; verifying and unsealing try the current secret's key, then each
// previous secret's, so links already in inboxes keep working after a rotation.
//
// Migration: before derivation, every purpose used the raw secret as its HMAC key (with a purpose label
// in the message, which the callers still write). Those raw keys are tried last, for verifying only
// (`legacy: true`), so links and sealed keys made before this change keep verifying and opening.
import { hkdfSync } from "node:crypto";
import { authSecret, previousAuthSecrets } from "@/lib/config";

export type KeyPurpose =
  | "message-token" // a sent message's token, its click MACs and its Message-ID MAC (lib/recipient-links/message-token.ts)
  | "recipient-link" // unsubscribe, preferences and web-version links (lib/recipient-links/link-token.ts)
  | "dkim-seal" // generated DKIM private keys at rest (lib/delivery/senders/dns-records.ts)
  | "webhook-secret-seal" // brands' webhook signing secrets at rest (lib/automations/engine/webhook-secret.ts)
  | "oauth-consent" // the consent form's CSRF token (lib/oauth/consent-token.ts)
  | "discount-code" // dynamicDiscount codes (lib/templates/render/load-recipient-data.ts)
  | "form-challenge"; // signup forms' proof-of-work challenges (lib/forms/firewall/challenge.ts)

const SALT = "inkwell derived keys v1";
const derived = new Map<string, Buffer>();

function derive(secret: string, purpose: KeyPurpose): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, SALT, `inkwell ${purpose}`, 32));
    if (derived.size > 256) derived.clear();
    derived.set(id, key);
  }
  return key;
}

/** The key that signs or seals for `purpose`: always the current AUTH_SECRET's. */
export function signingKey(purpose: KeyPurpose): Buffer {
  return derive(authSecret(), purpose);
}

/**
 * The keys to verify or unseal with, in the order to try them: the current secret's, each previous
 * secret's, then (legacy) the raw secrets themselves, as every purpose used them before derivation.
 */
export function verifyingKeys(purpose: KeyPurpose, options: { legacy?: boolean } = {}): Buffer[] {
  const secrets = [authSecret(), ...previousAuthSecrets()];
  const keys = secrets.map((s) => derive(s, purpose));
  return options.legacy ? [...keys, ...legacySecrets()] : keys;
}

/** The raw secrets (current, then previous) as the keys of before derivation: for verifying only. */
export function legacySecrets(): Buffer[] {
  return [authSecret(), ...previousAuthSecrets()].map((s) => Buffer.from(s, "utf8"));
}
