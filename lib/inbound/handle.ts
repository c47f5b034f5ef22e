// Handling one stored message (the inbound job, inbound-job.ts): what it is (understand.ts), which message
// it is about, and the outcome, recorded by the code that records a provider's webhook (lib/delivery
// applyProviderEvents: the message's status, the contact's event, the counters and the report, the
// suppression, the auto-pause) or, for mail to the unsubscribe address, by the one-click POST's code (a
// message sent for a marketing topic leaves that topic only).
//
// The message is named by the signed token of the address the notice came to (VERP), else by what the
// report encloses: the original's Return-Path token, its Message-ID or X-Inkwell-Message-ID (each carries a
// MAC: a feedback loop that hides the recipient still names the message, a forged one names nothing).
import {
  applyProviderEvents,
  messageOwner,
  messageRef,
  messageRefOf,
  noteDelay,
  unsubscribeThrough,
  type AppliedEvent,
  type OnceEvent,
} from "@/lib/delivery";
import type { SqlRunner } from "@/lib/db/sql";
import { signMessageToken, verifyMessageIdSignature } from "@/lib/recipient-links/message-token";
import { ONE_CLICK_SOURCE } from "@/lib/recipient-links/subscription";
import { readLocalPart, splitAddress } from "./return-path";
import { understand, type Original } from "./understand";

export type Outcome =
  "bounce" | "soft-bounce" | "delayed" | "complaint" | "unsubscribe" | "auto-reply" | "reply" | "ignored" | "unmatched" | "forged";

export type Handled = {
  outcome: Outcome;
  detail: string | null;
  messageId: string | null;
  brandId: string | null;
  fromAddress: string | null;
  subject: string | null;
  /** the plain text, for the Replies view (the list reads it, never the raw message) */
  text: string;
  /** the outcome's transaction recorded the row already (appliedOnce): the job's record leaves it alone */
  recorded?: true;
};

/** The message a VERP address names, when it is a bounce token that verifies. */
function tokenOf(address: string, kind: "bounce" | "unsubscribe"): string | null {
  const split = splitAddress(address);
  if (!split) return null;
  const local = readLocalPart(split.local);
  return local.kind === kind ? local.messageId : null;
}

/** The message an enclosed original names: its Return-Path token, else a Message-ID whose MAC holds. */
function originalMessage(original: Original): string | null {
  for (const address of original.returnPaths) {
    const id = tokenOf(address, "bounce");
    if (id) return id;
  }
  for (const value of original.refs) {
    const ref = messageRefOf(value);
    if (ref && verifyMessageIdSignature(ref.id, ref.mac)) return ref.id;
  }
  return null;
}

/** Text every engine stores (no NUL, no lone surrogate). */
const storable = (text: string | null, max: number) => (text === null ? null : text.toWellFormed().replace(/\0/g, "").slice(0, max));

type Queued = { event: OnceEvent; resolve: (status: AppliedEvent["status"]) => void; reject: (error: unknown) => void };
let queued: Queued[] = [];

/**
 * Applies `event` together with the others the job's concurrent lanes reach in the same turn of the event
 * loop: one applyProviderEvents call for them, so the source's rates are checked for the auto-pause once per
 * group, not once per notice (in a bounce storm that check was a large part of each notice's cost). When
 * the group fails, each event is applied again by itself, so one failing event fails its own notice only
 * (the events applied before it are marked so, and are not applied twice: appliedOnce).
 */
function apply(event: OnceEvent): Promise<AppliedEvent["status"]> {
  return new Promise((resolve, reject) => {
    queued.push({ event, resolve, reject });
    if (queued.length > 1) return;
    setImmediate(() => {
      const group = queued;
      queued = [];
      applyProviderEvents(group.map((q) => q.event)).then(
        (results) => group.forEach((q, i) => q.resolve(results[i].status)),
        (error) => {
          if (group.length === 1) return group[0].reject(error);
          for (const q of group) applyProviderEvents([q.event]).then((results) => q.resolve(results[0].status), q.reject);
        },
      );
    });
  });
}

/** The same notice arriving again: the address it came to, its own Message-ID, the message it is about. */
type NoticeKey = { recipient: string; noticeId: string; messageId: string };

/** What the outcome's transaction writes on the row (the job's record, inbound-job.ts, had a commit of its own). */
type Finish = Omit<Handled, "brandId" | "recorded">;

// The brand is the one of the message the outcome is applied to (applyProviderEvents read it): no second read.
const FINISH_APPLIED = `UPDATE "InboundMail" SET "status" = 'done', "outcome" = ?, "detail" = ?, "messageId" = ?, "brandId" = ?,
  "fromAddress" = ?, "subject" = ?, "text" = ?, "handledAt" = ?ts, "claimedBy" = NULL WHERE "id" = ? AND "handledAt" IS NULL`;

/** What appliedOnce recorded on the row, once it has. */
type Marked = { recorded: Finish | null };

/**
 * Records the row done with its outcome, in the outcome's own transaction (its handledAt set): the row
 * handled again (a lapsed lease, a retry of a group that failed after some of it committed) finds it set
 * and applies nothing twice; before, a soft bounce recorded its contact event each time. Recording it here
 * and not in the job's own transaction afterwards saves a commit and a rewrite of the row per notice
 * (bench:inbound). A notice with a Message-ID is also recorded as applied (InboundNotice): a relay that
 * sends it again (a new row) applies nothing, and its row is recorded as `repeat` says.
 */
function appliedOnce(rowId: string, notice: NoticeKey | null, finish: { applied: Finish; repeat: Finish }, marked: Marked) {
  return async (tx: SqlRunner, message: { brandId: string }): Promise<boolean> => {
    const first = notice
      ? (await tx.run(
          `INSERT INTO "InboundNotice" ("recipient", "noticeId", "messageId", "inboundMailId", "appliedAt") VALUES (?, ?, ?, ?, ?ts) ON CONFLICT DO NOTHING`,
          [notice.recipient, notice.noticeId, notice.messageId, rowId, new Date()],
        )) > 0
      : true;
    const f = first ? finish.applied : finish.repeat;
    const changed = await tx.run(FINISH_APPLIED, [
      f.outcome,
      f.detail,
      f.messageId,
      message.brandId,
      f.fromAddress,
      f.subject,
      f.text,
      new Date(),
      rowId,
    ]);
    // Handled before (its row has its outcome): nothing applies, and the job's record leaves the row alone.
    if (changed === 0) return false;
    marked.recorded = f;
    return first;
  };
}

const REPEAT = "the same notice (its Message-ID, to the same address) was applied already";

export async function handleInboundMail(row: { id: string; recipient: string; raw: Buffer }): Promise<Handled> {
  const { understood, envelope } = await understand(row.raw);
  const split = splitAddress(row.recipient);
  const local = split ? readLocalPart(split.local) : ({ kind: "forged" } as const);
  const tokenMessage = local.kind === "bounce" || local.kind === "unsubscribe" ? local.messageId : null;
  const base = {
    fromAddress: storable(envelope.from, 254),
    subject: storable(envelope.subject, 500),
    text: storable(envelope.text, 20_000) ?? "",
  };
  const noticeKey = (messageId: string): NoticeKey | null =>
    envelope.messageId ? { recipient: row.recipient, noticeId: envelope.messageId, messageId } : null;
  const finish = (outcome: Outcome, messageId: string, detail: string | null): Finish => ({
    ...base,
    outcome,
    detail: storable(detail, 500),
    messageId,
  });
  // What the outcome's transaction records: the outcome, or "ignored" for a relay's resend of the notice.
  const finishing = (outcome: Outcome, messageId: string, detail: string | null) => ({
    applied: finish(outcome, messageId, detail),
    repeat: finish("ignored", messageId, REPEAT),
  });
  const done = async (outcome: Outcome, messageId: string | null, detail: string | null = null): Promise<Handled> => ({
    ...base,
    outcome,
    detail: storable(detail, 500),
    messageId,
    brandId: messageId ? ((await messageOwner(messageId))?.brandId ?? null) : null,
  });

  // Mail to an address whose token does not verify (stored by the IMAP poller, which cannot refuse) changes nothing.
  if (local.kind === "forged") return done("forged", null, "the address's token does not verify");

  if (understood.kind === "bounce") {
    const messageId = (local.kind === "bounce" ? tokenMessage : null) ?? originalMessage(understood.original);
    if (!messageId) return done("unmatched", null, understood.diagnostic);
    const ref = messageRef(messageId);
    if (understood.action === "delayed") {
      await noteDelay(ref, understood.diagnostic);
      return done("delayed", messageId, understood.diagnostic);
    }
    if (understood.action !== "failed") return done("ignored", messageId, `${understood.action}: ${understood.diagnostic ?? ""}`);
    const marked: Marked = { recorded: null };
    const outcome = understood.permanent ? "bounce" : "soft-bounce";
    const status = await apply({
      type: "bounce",
      bounceType: understood.permanent ? "hard" : "soft",
      messageRef: ref,
      // A token names one recipient's message; a match by headers must also name its address.
      email: local.kind === "bounce" ? null : understood.recipient,
      detail: understood.diagnostic,
      once: appliedOnce(row.id, noticeKey(messageId), finishing(outcome, messageId, understood.diagnostic), marked),
    });
    if (marked.recorded) return { ...marked.recorded, brandId: null, recorded: true };
    return done(status === "unknown-message" ? "unmatched" : outcome, messageId, understood.diagnostic);
  }

  if (understood.kind === "complaint") {
    const messageId = (local.kind === "bounce" ? tokenMessage : null) ?? originalMessage(understood.original);
    if (!messageId) return done("unmatched", null, `feedback: ${understood.feedbackType}`);
    // Not-spam and other non-complaint feedback is kept, not applied.
    if (understood.feedbackType === "not-spam") return done("ignored", messageId, "feedback: not-spam");
    const marked: Marked = { recorded: null };
    const detail = `feedback: ${understood.feedbackType}`;
    const status = await apply({
      type: "complaint",
      messageRef: messageRef(messageId),
      detail,
      once: appliedOnce(row.id, noticeKey(messageId), finishing("complaint", messageId, detail), marked),
    });
    if (marked.recorded) return { ...marked.recorded, brandId: null, recorded: true };
    return done(status === "unknown-message" ? "unmatched" : "complaint", messageId, detail);
  }

  if (understood.kind === "auto-reply") return done("auto-reply", tokenMessage ?? originalMessage(understood.original), understood.why);

  if (local.kind === "unsubscribe" && tokenMessage) {
    // Exactly what the one-click POST does with the message's own token: a topic's message leaves that topic only.
    const result = await unsubscribeThrough(signMessageToken(tokenMessage), ONE_CLICK_SOURCE);
    return done(
      result.kind === "live" ? "unsubscribe" : "ignored",
      tokenMessage,
      result.kind === "live" ? null : `a ${result.kind} message`,
    );
  }

  return done("reply", tokenMessage ?? originalMessage(understood.original));
}
