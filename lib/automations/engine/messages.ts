// What the engine asks of the delivery pipeline (lib/delivery, docs/delivery.md): enqueue an email
// block's message for a set of enrollments, idempotently (the recipient key `${enrollmentId}:${blockId}`
// within the source {kind: "automation", id}, the block as the part), and read a block's outcome for a
// split's message filter ("opened the email of block X"). One module, so the engine never imports the
// pipeline's internals.
import {
  deploymentSender,
  enqueueMessages,
  messageOutcome,
  moveUnsentMessages,
  prepareContent,
  type RecipientHandover,
  type RecipientResult,
  type Source,
} from "@/lib/delivery";
import type { SqlRunner } from "@/lib/db/sql";
import { ApiProblem } from "@/lib/http/problems";
import { sendTopic } from "@/lib/topics/send-topic";
import type { SendEmail, SendingThreshold, Utm } from "../model";

export type TriggerData = {
  eventName: string;
  origin?: string;
  eventTime?: string;
  eventID?: string | null;
  inboxID?: string;
  properties: Record<string, unknown>;
};

export type EmailRecipient = { enrollmentId: string; contactId: string; trigger: TriggerData };
/** queued: the pipeline took it; skipped: it will not be sent (reason: not-subscribed, suppressed:..., ...) */
export type EmailResult = { status: "queued" | "skipped"; reason?: string };
export type MessageOutcome = { openedAt: Date | null; clickedAt: Date | null; clickedUrls: string[] };

export type EmailBlockSend = {
  brandId: string;
  automationId: string;
  blockId: string;
  email: SendEmail;
  utm: Utm;
  threshold: SendingThreshold;
  recipients: EmailRecipient[];
};

export interface MessagePort {
  /** Enqueues one message per recipient (again: nothing new); the result per enrollment id. */
  sendEmails(send: EmailBlockSend): Promise<Map<string, EmailResult>>;
  /** The outcome of a block's message per enrollment id (absent: no message). */
  outcomes(brandId: string, automationId: string, blockId: string, enrollmentIds: string[]): Promise<Map<string, MessageOutcome>>;
}

export const recipientKey = (enrollmentId: string, blockId: string) => `${enrollmentId}:${blockId}`;

export const automationSource = (automationId: string): Source => ({ kind: "automation", id: automationId });

/** enqueueMessages reports each recipient's message for calls of at most 100 recipients. */
const CALL = 100;
/** The pipeline stores at most 64 KB of handed-over data per message. */
const MAX_HANDOVER = 60 * 1024;
/** What a render reads of a trigger when the whole of it is too large (cart, product, order lines). */
const RENDER_KEYS = ["lineItems", "productID", "variantID", "orderID", "value", "currency", "totalPrice", "cartID", "cartRecoveryUrl"];
const OUTCOME_READS = 8;

/** The trigger's event for the render; trimmed to what the render reads when it passes the pipeline's limit. */
export function handover(trigger: TriggerData): RecipientHandover {
  // eventTime dates the order blocks of a post-purchase email (the order that triggered it).
  const at = trigger.eventTime ? { eventTime: trigger.eventTime } : {};
  const whole = { event: { eventName: trigger.eventName, properties: trigger.properties ?? {}, ...at } };
  if (Buffer.byteLength(JSON.stringify(whole)) <= MAX_HANDOVER) return whole;
  const kept: Record<string, unknown> = {};
  for (const key of RENDER_KEYS) if (key in whole.event.properties) kept[key] = whole.event.properties[key];
  const trimmed = { event: { eventName: trigger.eventName, properties: kept, ...at } };
  if (Buffer.byteLength(JSON.stringify(trimmed)) <= MAX_HANDOVER) return trimmed;
  return { event: { eventName: trigger.eventName, properties: {}, ...at } };
}

const resultOf = (r: RecipientResult): EmailResult =>
  r.status === "skipped" || r.status === "suppressed"
    ? { status: "skipped", reason: r.status === "suppressed" ? `suppressed:${r.reason}` : (r.reason ?? undefined) }
    : { status: "queued" };

/** What an email block's messages say, as the pipeline takes it (the same for a send and for a live edit). */
async function contentRequest(send: Omit<EmailBlockSend, "recipients">) {
  return {
    content: {
      templateId: send.email.contentId,
      subject: send.email.subject,
      preheader: send.email.preheader || undefined,
      senderName: send.email.senderName,
      senderEmail: send.email.senderEmail || deploymentSender().address,
      replyToEmail: send.email.replyToEmail || undefined,
      utm: Object.values(send.utm).some(Boolean) ? send.utm : null,
    },
    options: { sendingThreshold: send.threshold, topic: await sendTopic(send.brandId, send.email.topicID) },
  };
}

/**
 * A live edit of an email block (lib/automations/live-queued.ts): the content its messages get from now on,
 * stored before the edit's transaction; null when the pipeline refuses it (as a send would skip the block).
 */
export async function blockContent(send: Omit<EmailBlockSend, "recipients">): Promise<string | null> {
  try {
    return await prepareContent(send.brandId, await contentRequest(send));
  } catch (error) {
    if (!(error instanceof ApiProblem) || error.status >= 500) throw error;
    return null;
  }
}

/** In the edit's transaction: the block's messages not yet sent (queued or paused) take the content; how many. */
export function moveUnsentEmails(tx: SqlRunner, brandId: string, automationId: string, blockId: string, contentId: string) {
  return moveUnsentMessages(tx, brandId, automationSource(automationId), blockId, contentId);
}

/** The delivery pipeline: one enqueue call per 100 recipients of a block, and its outcomes read by key. */
const delivery: MessagePort = {
  async sendEmails(send) {
    const results = new Map<string, EmailResult>();
    for (let i = 0; i < send.recipients.length; i += CALL) {
      const recipients = send.recipients.slice(i, i + CALL);
      const byKey = new Map(recipients.map((r) => [recipientKey(r.enrollmentId, send.blockId), r.enrollmentId]));
      try {
        const result = await enqueueMessages(send.brandId, {
          source: automationSource(send.automationId),
          part: send.blockId,
          ...(await contentRequest(send)),
          recipients: recipients.map((r) => ({
            contactId: r.contactId,
            key: recipientKey(r.enrollmentId, send.blockId),
            data: handover(r.trigger),
          })),
        });
        for (const r of result.results ?? []) {
          const id = byKey.get(r.key);
          if (id) results.set(id, resultOf(r));
        }
      } catch (error) {
        // A refusal no retry mends (the template deleted, the sender no longer verified, a broken tag): the
        // block is skipped for these contacts with the pipeline's reason; anything else is retried.
        if (!(error instanceof ApiProblem) || error.status >= 500) throw error;
        for (const r of recipients) results.set(r.enrollmentId, { status: "skipped", reason: error.code });
      }
    }
    return results;
  },

  async outcomes(brandId, automationId, blockId, enrollmentIds) {
    const found = new Map<string, MessageOutcome>();
    const source = automationSource(automationId);
    let next = 0;
    const reader = async () => {
      while (next < enrollmentIds.length) {
        const id = enrollmentIds[next++];
        const outcome = await messageOutcome(brandId, source, { key: recipientKey(id, blockId) });
        if (outcome) found.set(id, { openedAt: outcome.openedAt, clickedAt: outcome.clickedAt, clickedUrls: outcome.clickedUrls });
      }
    };
    await Promise.all(Array.from({ length: Math.min(OUTCOME_READS, enrollmentIds.length) }, reader));
    return found;
  },
};

export function messagePort(): MessagePort {
  return delivery;
}
