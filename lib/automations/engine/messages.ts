// What the engine asks of the delivery pipeline (lib/delivery, docs/delivery.md): enqueue an email
// block's message for a set of enrollments, idempotently (the recipient key `${enrollmentId}:${blockId}`
// within the source {kind: "automation", id}, the block as the part), and read a block's outcome for a
// split's message filter ("opened the email of block X"). One module, so the engine never imports the
// pipeline's internals.
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

class PipelineMissing extends Error {
  constructor() {
    super("email blocks need the delivery pipeline (lib/delivery), which this build does not include yet");
  }
}

/** Until lib/delivery is merged, an email block cannot run: the enrollment waits and is retried with backoff. */
const unavailable: MessagePort = {
  async sendEmails() {
    throw new PipelineMissing();
  },
  async outcomes() {
    throw new PipelineMissing();
  },
};

let port: MessagePort = unavailable;

export function messagePort(): MessagePort {
  return port;
}

/** Sets the pipeline adapter (lib/automations/engine/delivery-port.ts registers it at start). */
export function setMessagePort(next: MessagePort): void {
  port = next;
}
