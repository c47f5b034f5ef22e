// The addresses mail comes back to (VERP): a message's envelope sender `bounce-<id><mac>@<domain>` and its
// List-Unsubscribe mailto `unsubscribe-<id><mac>@<domain>`, each naming the message, signed with the
// "return-path" key derived from AUTH_SECRET (lib/auth/keys.ts). The kind is part of the MAC, so the bounce
// address a relay shows cannot be turned into the unsubscribe address of the same message. Hex only, and
// read case-insensitively: relays may change the case of a local part. 64 bits of MAC: a forger gets one
// guess per RCPT, and the listener refuses the wrong ones at once (550 5.1.1).
import { createHmac, timingSafeEqual } from "node:crypto";
import { signingKey, verifyingKeys } from "@/lib/auth/keys";
import { ID_PATTERN } from "@/lib/ids";

export type ReturnPathKind = "bounce" | "unsubscribe";
const KINDS: readonly ReturnPathKind[] = ["bounce", "unsubscribe"];
const MAC_HEX = 16;

function mac(key: Buffer, kind: ReturnPathKind, messageId: string): string {
  return createHmac("sha256", key).update(`inkwell return-path v1\n${kind}\n${messageId}`).digest("hex").slice(0, MAC_HEX);
}

/** The local part for a message: `bounce-<24 hex id><16 hex mac>`. */
export function returnPathLocalPart(kind: ReturnPathKind, messageId: string): string {
  return `${kind}-${messageId}${mac(signingKey("return-path"), kind, messageId)}`;
}

export function returnPathAddress(kind: ReturnPathKind, messageId: string, domain: string): string {
  return `${returnPathLocalPart(kind, messageId)}@${domain.toLowerCase()}`;
}

const LOCAL = /^(bounce|unsubscribe)-([0-9a-f]{24})([0-9a-f]{16})$/;

export type LocalPart =
  /** a token that verifies */
  | { kind: ReturnPathKind; messageId: string }
  /** a token's shape whose MAC does not hold (forged, damaged, or another deployment's) */
  | { kind: "forged" }
  /** an address of ours that carries no token (postmaster@, a feedback loop's registered address) */
  | { kind: "plain"; local: string };

/** What the local part of an address on a return-path domain names. */
export function readLocalPart(local: string): LocalPart {
  const lower = local.toLowerCase();
  const match = LOCAL.exec(lower);
  if (!match) return /^(bounce|unsubscribe)-/.test(lower) ? { kind: "forged" } : { kind: "plain", local: lower };
  const kind = match[1] as ReturnPathKind;
  const [id, given] = [match[2], Buffer.from(match[3])];
  if (!KINDS.includes(kind) || !ID_PATTERN.test(id)) return { kind: "forged" };
  const holds = verifyingKeys("return-path").some((key) => timingSafeEqual(Buffer.from(mac(key, kind, id)), given));
  return holds ? { kind, messageId: id } : { kind: "forged" };
}

/** An address split at its last "@", lower-cased domain; null when it is not one. */
export function splitAddress(address: string): { local: string; domain: string } | null {
  const a = address.trim().replace(/^<|>$/g, "");
  const at = a.lastIndexOf("@");
  if (at <= 0 || at === a.length - 1) return null;
  return {
    local: a.slice(0, at),
    domain: a
      .slice(at + 1)
      .toLowerCase()
      .replace(/\.$/, ""),
  };
}
