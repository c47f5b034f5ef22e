// Random credentials of the authorization server. All are 256-bit random and stored as SHA-256 hashes
// (lib/brands/api-keys hashSecret), so the database never holds a usable secret.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { hashSecret } from "@/lib/brands/api-keys";

export { hashSecret };

export const PREFIX = {
  clientId: "inkc_",
  clientSecret: "inkcs_",
  code: "inkac_",
  accessToken: "inkat_",
  refreshToken: "inkrt_",
} as const;

export function randomSecret(prefix: string): string {
  return prefix + randomBytes(32).toString("base64url");
}

export function newClientId(): string {
  return PREFIX.clientId + randomBytes(12).toString("hex");
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function matchesHash(secret: string, storedHash: string | null): boolean {
  const presented = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(storedHash ?? "", "hex");
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}
