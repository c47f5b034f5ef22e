// The token of a double opt-in link: the submission's id and a MAC of it under the "form-confirmation"
// key derived from AUTH_SECRET (a link made under a previous secret still verifies). It names a
// submission only: nothing the visitor typed, and nobody can make one for another submission.
import { createHmac, timingSafeEqual } from "node:crypto";
import { signingKey, verifyingKeys } from "@/lib/auth/keys";
import { ID_PATTERN } from "@/lib/ids";

const mac = (id: string, key: Buffer) =>
  createHmac("sha256", key).update("inkwell form confirmation v1\n").update(id).digest().subarray(0, 16).toString("base64url");

export function confirmToken(submissionId: string): string {
  return `${submissionId}.${mac(submissionId, signingKey("form-confirmation"))}`;
}

/** The submission id of a genuine token, else null. */
export function verifyConfirmToken(token: string): string | null {
  const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match || !ID_PATTERN.test(match[1])) return null;
  const given = Buffer.from(match[2]);
  const ok = verifyingKeys("form-confirmation").some((key) => timingSafeEqual(Buffer.from(mac(match[1], key)), given));
  return ok ? match[1] : null;
}
