// Secrets at rest (a brand's DKIM private key, its webhook signing secret): AES-256-GCM under the
// purpose's derived key (./keys.ts). A database dump alone does not give them away. Opening tries every
// key a rotation keeps (current, previous, and the caller's legacy keys): GCM's tag tells the right one.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { signingKey, verifyingKeys, type KeyPurpose } from "./keys";

export function seal(purpose: KeyPurpose, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", signingKey(purpose), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64")}`;
}

/** The plain text, or null when no key opens it (damaged, or sealed under a secret no longer listed). */
export function open(purpose: KeyPurpose, stored: string, legacyKeys: Buffer[] = []): string | null {
  if (!stored.startsWith("v1:")) return null;
  const bytes = Buffer.from(stored.slice(3), "base64");
  for (const key of [...verifyingKeys(purpose), ...legacyKeys]) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      /* another key's */
    }
  }
  return null;
}
