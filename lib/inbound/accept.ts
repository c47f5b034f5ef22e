// Taking in a received message (the SMTP listener, `npm run admin -- receive-mail`, the IMAP poller): the
// recipient is checked (one of the return-path domains, a token that verifies or a plain address Inkwell
// answers for), then the message is stored whole, one row per accepted recipient, in a durable commit,
// BEFORE the caller acknowledges it (250, exit 0, a flag on IMAP). The inbound job handles it afterwards
// (inbound-job.ts), so nothing acknowledged is lost when the process dies.
import { createHash } from "node:crypto";
import { newId } from "@/lib/ids";
import { isReturnPathDomain } from "./domains";
import { inboundStore, type InboundStore } from "./inbound-store";
import { inboundWake } from "./wake";
import { readLocalPart, splitAddress, type LocalPart } from "./return-path";

/** Plain addresses of a return-path domain Inkwell takes mail for (RFC 5321 postmaster; a feedback loop's registered address). */
export const PLAIN_ADDRESSES = new Set(["postmaster", "abuse", "fbl", "feedback"]);

export type RecipientCheck =
  | { ok: true; address: string; local: LocalPart }
  /** foreign-domain: not a return-path domain; forged: a token that does not verify; unknown: no such address */
  | { ok: false; reason: "foreign-domain" | "forged" | "unknown" | "malformed" };

/** Whether mail to `address` is Inkwell's to take (the SMTP listener asks at RCPT, so a relay refuses early). */
export async function checkInboundRecipient(address: string): Promise<RecipientCheck> {
  const split = splitAddress(address);
  if (!split || split.local.length > 64) return { ok: false, reason: "malformed" };
  if (!(await isReturnPathDomain(split.domain))) return { ok: false, reason: "foreign-domain" };
  const local = readLocalPart(split.local);
  if (local.kind === "forged") return { ok: false, reason: "forged" };
  if (local.kind === "plain" && !PLAIN_ADDRESSES.has(local.local)) return { ok: false, reason: "unknown" };
  return { ok: true, address: `${split.local.toLowerCase()}@${split.domain}`, local };
}

export type Via = "smtp" | "pipe" | "imap";
export type Accepted = { stored: string[]; refused: { address: string; reason: string }[] };

/**
 * The row id of a message that may be handed over more than once (IMAP: a poller that died between the
 * store and the move, or two processes polling one mailbox): the time it reached the mailbox, then a hash
 * of recipient and content, so a second hand-over names the same row and stores nothing.
 */
export function onceId(recipient: string, raw: Buffer, at: Date): string {
  const seconds = Math.max(0, Math.floor(at.getTime() / 1000))
    .toString(16)
    .padStart(8, "0")
    .slice(-8);
  return seconds + createHash("sha256").update(recipient).update("\n").update(raw).digest("hex").slice(0, 16);
}

/**
 * Stores `raw` for each recipient Inkwell takes mail for; returns the stored rows' ids and the refused
 * recipients. Resolves only once the rows are committed durably; throws when they could not be stored
 * (the caller answers "try again later": 451, exit 75). With `once`, the ids come from the content
 * (onceId) and a message already stored for a recipient is not stored again.
 */
export async function acceptInboundMail(
  raw: Buffer,
  envelope: { recipients: string[]; from?: string; via: Via },
  options: { checked?: boolean; once?: { at: Date }; store?: InboundStore } = {},
): Promise<Accepted> {
  const accepted: string[] = [];
  const refused: Accepted["refused"] = [];
  for (const recipient of [...new Set(envelope.recipients.map((r) => r.trim().toLowerCase()))]) {
    const check = options.checked ? null : await checkInboundRecipient(recipient);
    if (check && !check.ok) refused.push({ address: recipient, reason: check.reason });
    else accepted.push(check?.address ?? recipient);
  }
  if (accepted.length === 0) return { stored: [], refused };
  const now = new Date();
  const once = options.once;
  const rows = accepted.map((recipient) => ({
    id: once ? onceId(recipient, raw, once.at) : newId(now),
    recipient,
    sender: envelope.from ?? null,
    via: envelope.via,
    raw,
    receivedAt: now,
  }));
  if (options.store) {
    // The listener's spool (spool.ts): it wakes the job once the rows reach the database.
    await options.store.store(rows);
    return { stored: rows.map((r) => r.id), refused };
  }
  // Group-committed with whatever else arrives in this turn (inbound-store.ts); a repeated onceId is skipped.
  await inboundStore().store(rows);
  inboundWake.wake();
  return { stored: rows.map((r) => r.id), refused };
}
