// The shapes of the delivery pipeline's interface (docs/delivery.md) and of its API: one zod schema per
// shape, the validator, the type and the OpenAPI description.
import { z } from "zod";
import { pagingQuery, PagingSchema, noAfterAndBefore } from "@/lib/http/pagination";
import { ResourceId } from "@/lib/http/route";
import { deploymentSender } from "./senders/deployment-sender";

export const MESSAGE_STATUSES = [
  "queued",
  "sending",
  "paused",
  "sent",
  "failed",
  "bounced",
  "complained",
  "suppressed",
  "skipped",
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** live: to a contact (eligibility, tracking, working links); test: a test send; system: an email Inkwell writes itself (a sender's confirmation) */
export const MESSAGE_MODES = ["live", "test", "system"] as const;
export type MessageMode = (typeof MESSAGE_MODES)[number];

export const SKIP_REASONS = ["not-subscribed", "not-subscribed-to-topic", "no-email", "contact-missing", "canceled"] as const;
export const SUPPRESSION_REASONS = ["hard-bounce", "complaint", "unsubscribed", "unsubscribed-from-topic", "erased", "manual"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const Source = z
  .strictObject({
    kind: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,39}$/, "must be 1-40 characters: a-z, 0-9 and -")
      .meta({ description: "Who sends: campaign, automation, test, ..." }),
    id: z.string().min(1).max(100).meta({ description: "The sender's own id (a campaign id, an automation id)" }),
  })
  .meta({ id: "MessageSource", description: "What a message belongs to" });
export type Source = z.infer<typeof Source>;

export const Utm = z
  .strictObject({
    source: z.string().max(250).optional(),
    medium: z.string().max(250).optional(),
    campaign: z.string().max(250).optional(),
  })
  .meta({ id: "UtmTags" });

export const MessageContentInput = z.strictObject({
  templateId: ResourceId,
  subject: z.string().trim().min(1).max(250),
  preheader: z.string().max(250).optional(),
  senderName: z.string().trim().min(1).max(250),
  senderEmail: z.union([
    z.email().max(254),
    // The deployment's own sender, whatever its host (no-reply@localhost in development), as test sends allow.
    z.string().refine((address) => address.trim().toLowerCase() === deploymentSender().address),
  ]),
  replyToEmail: z.email().max(254).optional(),
  utm: Utm.nullable().optional(),
});
export type MessageContentInput = z.infer<typeof MessageContentInput>;

export const SENDING_THRESHOLDS = ["subscribed", "nonSubscribed", "all"] as const;
export type SendingThreshold = (typeof SENDING_THRESHOLDS)[number];

export type EnqueueOptions = {
  category?: "marketing" | "transactional";
  sendingThreshold?: SendingThreshold;
  /** the subscription topic the send is for (lib/topics/send-topic.ts): whom it may reach, what its unsubscribe link leaves */
  topic?: { id: string; kind: string } | null;
  priority?: "normal" | "high";
  sendAt?: Date;
};

/** The data a campaign or an automation hands over for one recipient's render (eventTime: the order's date). */
export type RecipientHandover = { event?: { eventName: string; properties: Record<string, unknown>; eventTime?: string } };

export type MessageRecipient = { contactId: string; key?: string; data?: RecipientHandover };

export type EnqueueRequest = {
  source: Source;
  part?: string;
  content: MessageContentInput;
  recipients: Iterable<MessageRecipient> | AsyncIterable<MessageRecipient>;
  options?: EnqueueOptions;
};

export type RecipientResult = {
  key: string;
  contactId: string;
  messageId: string;
  status: MessageStatus;
  reason: string | null;
  duplicate: boolean;
};

export type EnqueueResult = {
  contentId: string;
  queued: number;
  skipped: number;
  duplicates: number;
  /** skipped and suppressed messages by reason ("not-subscribed", "suppressed:hard-bounce", ...) */
  reasons: Record<string, number>;
  /** each recipient's message, when the call had at most 100 recipients */
  results?: RecipientResult[];
};

// ---------- API shapes ----------

export const MessageSummary = z
  .object({
    id: z.string(),
    source: z.object({ kind: z.string(), id: z.string() }),
    part: z.string(),
    contactID: z.string().nullable(),
    email: z.string().nullable(),
    subject: z.string(),
    mode: z.enum(MESSAGE_MODES),
    status: z.enum(MESSAGE_STATUSES),
    reason: z.string().nullable().meta({ description: "Why it was suppressed, skipped, failed or bounced" }),
    detail: z.string().nullable().meta({ description: "The mail server's or provider's words" }),
    transport: z.enum(["smtp", "outbox"]).nullable(),
    attempts: z.number().int(),
    createdAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
    openedAt: z.iso.datetime().nullable().meta({ description: "The first open by a person" }),
    clickedAt: z.iso.datetime().nullable().meta({ description: "The first click by a person" }),
    bouncedAt: z.iso.datetime().nullable(),
    complainedAt: z.iso.datetime().nullable(),
    unsubscribedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Message" });
export type MessageSummary = z.infer<typeof MessageSummary>;

export const MessageDetail = MessageSummary.extend({
  from: z.string(),
  body: z
    .object({
      html: z.string(),
      text: z.string(),
      headers: z.record(z.string(), z.string()),
    })
    .nullable()
    .meta({ description: "The message as sent, when the outbox still keeps it (the newest messages of the brand); null otherwise" }),
}).meta({ id: "MessageDetail" });

export const ListMessagesQuery = pagingQuery({ max: 100, default: 50 })
  .extend({
    status: z.enum(MESSAGE_STATUSES).optional(),
    sourceKind: Source.shape.kind.optional(),
    sourceID: z.string().min(1).max(100).optional(),
    contactID: ResourceId.optional(),
    transport: z.enum(["smtp", "outbox"]).optional(),
    mode: z.enum(MESSAGE_MODES).optional().meta({
      description:
        "live: to contacts (campaigns, automations); test: test emails (template, campaign and automation tests); system: Inkwell's own (sender confirmations)",
    }),
    search: z.string().trim().min(1).max(200).optional().meta({ description: "Part of the recipient's address or of the subject" }),
  })
  .superRefine(noAfterAndBefore);
export type ListMessagesQuery = z.infer<typeof ListMessagesQuery>;

export const MessageList = z.object({ messages: z.array(MessageSummary), paging: PagingSchema }).meta({ id: "MessageList" });
