// Shapes of the automations API (the published Automations API, info.version "2026-preview", served under
// Service-Version 2026-03-15): requests as zod schemas (validator, type and OpenAPI description at once)
// and the responses. The rules that need more than one field (a delay may not end a sequence, a split's
// message filter names an email block above it, a filter value typed like its property, ...) are in
// ./validate-workflow.ts, which reports every failure of a request at once.
import { z } from "zod";
import { LANGUAGES } from "@/lib/delivery/languages";
import { noAfterAndBefore, pagingQuery, PagingSchema } from "@/lib/http/pagination";
import { IdParams } from "@/lib/http/route";
import { CONTACT_FIELDS, CONTACT_OPERATORS, EVENT_OPERATORS, MESSAGE_OPERATORS, URL_MATCH_OPERATORS } from "./model";
import { WEEKDAYS } from "./time";

export const MAX_NAME = 250;
export const MAX_BLOCKS = 200;

const LogicalOperator = z.enum(["and", "or"]);
const text = (max: number) => z.string().max(max);

// ---- filters

export const EventFilterRequest = z
  .object({
    field: z.string().min(1).max(500).meta({ description: "Event property path (e.g. total_price, lineItems.productID)" }),
    operator: z.enum(EVENT_OPERATORS),
    value: z
      .unknown()
      .optional()
      .meta({ description: "Typed like the property (a number for a numeric one); an array for in/notIn; omit for exists/notExists" }),
  })
  .meta({ id: "EventFilterRequest" });

export const EventFilterGroupRequest = z
  .object({ logicalOperator: LogicalOperator, filters: z.array(EventFilterRequest).min(1).max(50) })
  .meta({ id: "EventFilterGroupRequest" });

export const ContactFilterRequest = z
  .object({
    field: z.enum(CONTACT_FIELDS),
    operator: z.enum(CONTACT_OPERATORS).meta({ description: "Allowed values depend on the field (see the API reference)" }),
    value: z
      .string()
      .min(1)
      .max(250)
      .meta({ description: 'A segment id, a tag, a date (YYYY-MM-DD) for dateAdded, "m" or "f" for gender, or text' }),
  })
  .meta({ id: "ContactFilterRequest" });

export const ContactFilterGroupRequest = z
  .object({ logicalOperator: LogicalOperator, filters: z.array(ContactFilterRequest).min(1).max(50) })
  .meta({ id: "ContactFilterGroupRequest" });

export const UrlMatchRequest = z
  .object({ operator: z.enum(URL_MATCH_OPERATORS), value: z.string().max(2000).optional() })
  .meta({ id: "UrlMatchRequest" });

export const SplitFilterRequest = z
  .object({
    type: z.enum(["event", "contact", "message"]),
    field: z
      .string()
      .min(1)
      .max(500)
      .meta({ description: 'event: a property path of the triggering event; contact: an audience field; message: "blockID"' }),
    operator: z
      .string()
      .min(1)
      .max(40)
      .meta({
        description: `event: ${EVENT_OPERATORS.join(", ")}; contact: as the audience filter; message: ${MESSAGE_OPERATORS.join(", ")}`,
      }),
    value: z
      .unknown()
      .optional()
      .meta({ description: "event: typed like the property; contact: text; message: the id of an email block above the split" }),
    urlMatch: UrlMatchRequest.optional().meta({ description: "Only with clickedEmail: which links count" }),
  })
  .meta({ id: "SplitFilterRequest" });

export const SplitFilterGroupRequest = z
  .object({ logicalOperator: LogicalOperator, filters: z.array(SplitFilterRequest).min(1).max(50) })
  .meta({ id: "SplitFilterGroupRequest" });

// ---- trigger, exit conditions, settings

const InactivityDuration = z
  .object({ amount: z.number().int().positive().max(100_000), units: z.enum(["m", "h", "d", "w"]) })
  .meta({ id: "InactivityDurationRequest" });

export const InactivitySettingsRequest = z.object({ duration: InactivityDuration }).meta({
  id: "InactivitySettingsRequest",
  description:
    "The workflow starts only after the contact has been quiet (no new trigger event) for the duration; each new trigger event resets it",
});

export const TriggerConditionRequest = z
  .object({
    event: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .meta({ description: "An event name, or a built-in: birthday, product back in stock, entered segment, subscribed to marketing" }),
    origin: z.string().max(255).optional().meta({
      description:
        "The event's origin; may be omitted when the brand's events of this name have one identity (it is then selected). Omit for built-in events except entered segment (omnisend).",
    }),
    filterGroups: z.array(EventFilterGroupRequest).max(20).optional().meta({ description: "Groups are ANDed" }),
  })
  .meta({ id: "TriggerConditionRequest" });

export const CreateTriggerRequest = z
  .object({
    condition: TriggerConditionRequest,
    audienceFilterGroup: ContactFilterGroupRequest.optional(),
    inactivitySettings: InactivitySettingsRequest.optional(),
  })
  .meta({ id: "CreateTriggerRequest" });

export const PatchTriggerRequest = z
  .object({
    condition: TriggerConditionRequest.optional().meta({ description: "Replaces the whole condition; null is refused" }),
    audienceFilterGroup: ContactFilterGroupRequest.nullable().optional().meta({ description: "Replaces the group; null clears it" }),
    inactivitySettings: InactivitySettingsRequest.nullable().optional().meta({ description: "Replaces the settings; null clears them" }),
  })
  .meta({ id: "PatchTriggerRequest" });

export const ExitConditionRequest = z
  .object({
    event: z.string().trim().min(1).max(255),
    origin: z.string().max(255).optional(),
    filterGroup: EventFilterGroupRequest.optional(),
  })
  .meta({ id: "ExitConditionRequest", description: "A contact who does this event leaves the workflow at once" });

const Threshold = z.enum(["subscribed", "nonSubscribed", "all"]);
export const SendingThresholdsRequest = z.object({ email: Threshold, sms: Threshold }).meta({ id: "SendingThresholdsRequest" });

export const FREQUENCY_CAPS = { h: 8760, d: 365, w: 52 } as const;
export const FrequencyLimiterRequest = z
  .object({
    mode: z.enum(["once", "interval"]),
    duration: z
      .object({ amount: z.number().int().min(1), units: z.enum(["h", "d", "w"]) })
      .optional()
      .meta({ description: "Required for interval, refused for once; at most 8760 h, 365 d or 52 w" }),
  })
  .meta({ id: "FrequencyLimiterRequest" });

export const OverlapLimiterRequest = z
  .object({
    mode: z.enum(["currentlyIn", "recentlyIn"]),
    automationIDs: z.array(z.string()).max(100),
    withinDays: z.number().int().min(1).max(7).optional().meta({ description: "Required for recentlyIn, refused for currentlyIn" }),
  })
  .meta({ id: "OverlapLimiterRequest" });

export const SettingsRequest = z
  .object({
    sendingThresholds: SendingThresholdsRequest.optional(),
    frequencyLimiter: FrequencyLimiterRequest.nullable().optional(),
    overlapLimiter: OverlapLimiterRequest.nullable().optional(),
  })
  .meta({ id: "SettingsRequest" });

// ---- blocks

const Weekday = z.enum(WEEKDAYS);
export const DelayRequest = z
  .object({
    mode: z.enum(["duration", "immediate", "specificTime"]),
    duration: z
      .object({ amount: z.number().int().min(1).max(100_000), units: z.enum(["m", "h", "d", "w", "M"]) })
      .optional()
      .meta({ description: 'Required when mode is "duration"' }),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:MM (24-hour)")
      .optional()
      .meta({ description: 'HH:MM in the brand\'s time zone, required when mode is "specificTime" (the next day when it has passed)' }),
    allowedWeekdays: z
      .array(Weekday)
      .max(7)
      .optional()
      .meta({ description: "The delay ends on one of these days (all days when omitted)" }),
  })
  .meta({ id: "DelayRequest" });

const EmailFields = {
  language: z.enum(LANGUAGES).meta({ description: "The email's locale (xx_XX), e.g. en_US: one of the supported languages" }),
  preheader: text(250),
  senderName: text(250).min(1),
  subject: text(250).min(1).meta({ description: "Personalization tags work here, e.g. [[contact.first_name]]" }),
  senderEmail: z.email().max(250).optional().meta({ description: "A verified sender of the brand (the deployment's sender when omitted)" }),
  replyToEmail: z.email().max(250).optional(),
  isSkipAllowed: z.boolean().optional().meta({
    description: "Default true: a contact who may not be sent this email skips the block; false ends the workflow for them",
  }),
  topicID: z.string().optional().meta({
    description:
      "Inkwell extra: the subscription topic the email is sent for. A marketing topic's email goes only to contacts subscribed to it, and its unsubscribe link leaves that topic only",
  }),
};

export const SendEmailRequest = z
  .object({ ...EmailFields, templateID: z.string().meta({ description: "The template the block's email content is copied from" }) })
  .meta({ id: "SendEmailRequest" });
export const InputSendEmail = z
  .object({
    ...EmailFields,
    templateID: z.string().optional().meta({ description: "Required for a new block (temporaryID), refused for an existing one (id)" }),
  })
  .meta({ id: "InputSendEmail" });
export const PatchSendEmailRequest = z
  .object({
    language: EmailFields.language.optional(),
    preheader: text(250).optional(),
    senderName: EmailFields.senderName.optional(),
    subject: EmailFields.subject.optional(),
    senderEmail: EmailFields.senderEmail,
    replyToEmail: z
      .union([z.email().max(250), z.literal("")])
      .nullable()
      .optional()
      .meta({ description: 'null or "" clears it' }),
    isSkipAllowed: z.boolean().optional(),
    topicID: z.string().nullable().optional().meta({ description: "Inkwell extra: the subscription topic; null removes it" }),
    templateID: z
      .string()
      .max(36)
      .optional()
      .meta({ description: "Inkwell: the template the step sends from now on (content: may change while the workflow is enabled)" }),
  })
  .meta({ id: "PatchSendEmailRequest" });

const WebhookHeader = z.object({ key: z.string().min(1).max(256), value: z.string().max(10_000) }).meta({ id: "WebhookHeader" });
export const SendWebhookRequest = z
  .object({
    callbackUrl: z
      .string()
      .max(2000)
      .meta({ description: "An https URL; private, loopback and link-local addresses are refused when it is called" }),
    body: z
      .string()
      .max(65_536)
      .meta({ description: "Request body template (JSON); personalization tags work here, e.g. [[contact.email]]" }),
    headers: z.array(WebhookHeader).max(50).optional(),
  })
  .meta({ id: "SendWebhookRequest" });
export const PatchSendWebhookRequest = z
  .object({
    callbackUrl: z.string().max(2000).optional(),
    body: z.string().max(65_536).optional(),
    headers: z.array(WebhookHeader).max(50).nullable().optional().meta({ description: "Replaced whole; null or [] clears them" }),
  })
  .meta({ id: "PatchSendWebhookRequest" });

export const TagActionRequest = z
  .object({ value: z.string().trim().min(1).max(250).meta({ description: "Lower-cased when stored" }) })
  .meta({ id: "InputTagAction" });

const ACTION_TYPES = ["sendEmail", "sendSms", "sendPush", "sendWebhook", "addTag", "removeTag"] as const;
const actionOf = <E extends z.ZodType, W extends z.ZodType>(email: E, webhook: W, id: string) =>
  z
    .object({
      type: z.enum(ACTION_TYPES),
      sendEmail: email.optional(),
      sendWebhook: webhook.optional(),
      addTag: TagActionRequest.optional(),
      removeTag: TagActionRequest.optional(),
      sendSms: z.unknown().optional().meta({ description: "SMS is not available on Inkwell yet: refused with a 400 naming the channel" }),
      sendPush: z.unknown().optional().meta({ description: "Push is not available on Inkwell yet: refused with a 400 naming the channel" }),
    })
    .meta({ id, description: "The configuration goes under the key the type names (sendEmail: {...}); anything else is a 400" });

export const ActionRequest = actionOf(SendEmailRequest, SendWebhookRequest, "ActionRequest");
export const InputActionRequest = actionOf(InputSendEmail, SendWebhookRequest, "InputActionRequest");
export const PatchActionRequest = actionOf(PatchSendEmailRequest, PatchSendWebhookRequest, "PatchActionRequest");

const BLOCK_TYPES = ["delay", "action", "split", "abTesting"] as const;
const BlockType = z.enum(BLOCK_TYPES);
const TemporaryId = z.string().min(1).max(36);

export const CreateBlockRequest: z.ZodType<CreateBlockRequest> = z
  .object({
    temporaryID: TemporaryId.meta({ description: "Unique in the request; split message filters may name it; replaced by a server id" }),
    type: BlockType,
    delay: DelayRequest.optional(),
    action: ActionRequest.optional(),
    get split() {
      return z
        .object({
          filterGroup: SplitFilterGroupRequest,
          trueBlocks: z.array(CreateBlockRequest).optional(),
          falseBlocks: z.array(CreateBlockRequest).optional(),
        })
        .optional();
    },
    get abTesting() {
      return z
        .object({
          aBlocksPercentage: z.number().int().min(0).max(100),
          aBlocks: z.array(CreateBlockRequest).optional(),
          bBlocks: z.array(CreateBlockRequest).optional(),
        })
        .optional();
    },
  })
  .meta({ id: "CreateBlockRequest", description: "Exactly the configuration its type names; a delay may not end a sequence" });
export type CreateBlockRequest = {
  temporaryID: string;
  type: (typeof BLOCK_TYPES)[number];
  delay?: z.infer<typeof DelayRequest>;
  action?: z.infer<typeof ActionRequest>;
  split?: { filterGroup: z.infer<typeof SplitFilterGroupRequest>; trueBlocks?: CreateBlockRequest[]; falseBlocks?: CreateBlockRequest[] };
  abTesting?: { aBlocksPercentage: number; aBlocks?: CreateBlockRequest[]; bBlocks?: CreateBlockRequest[] };
};

export const UpdateBlockRequest: z.ZodType<UpdateBlockRequest> = z
  .object({
    id: z.string().max(36).optional().meta({ description: "An existing block: updated in place" }),
    temporaryID: TemporaryId.optional().meta({ description: "A new block (unique in the request)" }),
    type: BlockType,
    delay: DelayRequest.optional(),
    action: InputActionRequest.optional(),
    get split() {
      return z
        .object({
          filterGroup: SplitFilterGroupRequest,
          trueBlocks: z.array(UpdateBlockRequest).optional(),
          falseBlocks: z.array(UpdateBlockRequest).optional(),
        })
        .optional();
    },
    get abTesting() {
      return z
        .object({
          aBlocksPercentage: z.number().int().min(0).max(100),
          aBlocks: z.array(UpdateBlockRequest).optional(),
          bBlocks: z.array(UpdateBlockRequest).optional(),
        })
        .optional();
    },
  })
  .meta({ id: "UpdateBlockRequest", description: "id updates a block, temporaryID creates one; blocks left out are deleted" });
export type UpdateBlockRequest = {
  id?: string;
  temporaryID?: string;
  type: (typeof BLOCK_TYPES)[number];
  delay?: z.infer<typeof DelayRequest>;
  action?: z.infer<typeof InputActionRequest>;
  split?: { filterGroup: z.infer<typeof SplitFilterGroupRequest>; trueBlocks?: UpdateBlockRequest[]; falseBlocks?: UpdateBlockRequest[] };
  abTesting?: { aBlocksPercentage: number; aBlocks?: UpdateBlockRequest[]; bBlocks?: UpdateBlockRequest[] };
};

export const PatchBlockRequest = z
  .object({
    id: z.string().max(36),
    type: BlockType.meta({ description: "The stored block's type (it cannot change)" }),
    delay: DelayRequest.optional().meta({ description: "Replaced whole" }),
    action: PatchActionRequest.optional().meta({ description: "Fields given are changed" }),
    split: z
      .object({ filterGroup: SplitFilterGroupRequest })
      .optional()
      .meta({ description: "The filter group is replaced whole; branches change with PUT .../blocks" }),
    abTesting: z.object({ aBlocksPercentage: z.number().int().min(0).max(100) }).optional(),
  })
  .meta({ id: "PatchBlockRequest" });
export type PatchBlockRequest = z.infer<typeof PatchBlockRequest>;

// ---- operations' bodies and queries

export const CreateAutomationRequest = z
  .object({
    name: z.string().trim().min(1).max(MAX_NAME),
    trigger: CreateTriggerRequest,
    blocks: z.array(CreateBlockRequest).min(1),
    exitConditions: z.array(ExitConditionRequest).max(20).optional(),
    settings: SettingsRequest.optional(),
  })
  .meta({ id: "CreateAutomationRequest" });
export type CreateAutomationRequest = z.infer<typeof CreateAutomationRequest>;

export const PatchAutomationRequest = z
  .object({
    name: z.string().trim().min(1).max(MAX_NAME).optional(),
    trigger: PatchTriggerRequest.optional(),
    blocks: z.array(PatchBlockRequest).min(1, "must not be empty: leave blocks out to keep them").optional(),
    exitConditions: z
      .array(ExitConditionRequest)
      .max(20)
      .nullable()
      .optional()
      .meta({ description: "Replaced whole; null or [] clears them" }),
    settings: SettingsRequest.optional(),
  })
  .meta({ id: "PatchAutomationRequest" });
export type PatchAutomationRequest = z.infer<typeof PatchAutomationRequest>;

export const PutBlocksRequest = z.object({ blocks: z.array(UpdateBlockRequest).min(1) }).meta({ id: "PutBlocksRequest" });
export type PutBlocksRequest = z.infer<typeof PutBlocksRequest>;

export const CopyAutomationRequest = z.object({ name: z.string().trim().max(MAX_NAME).optional() }).meta({ id: "CopyAutomationRequest" });
export const EnableAutomationRequest = z
  .object({ enrollExisting: z.boolean().optional().meta({ description: "Also enroll contacts who qualify now (see the API reference)" }) })
  .meta({ id: "EnableAutomationRequest" });
export const DisableAutomationRequest = z
  .object({
    contactsInWorkflow: z.enum(["keep", "exit"]).meta({ description: "keep: contacts in the workflow finish it; exit: they leave it now" }),
  })
  .meta({ id: "DisableAutomationRequest" });
// Ids prefixed "Automation" where the campaigns document publishes a schema of the same name: our one
// OpenAPI document holds both.
export const SendTestEmailRequest = z
  .object({ recipients: z.array(z.email()).min(1).max(5) })
  .meta({ id: "AutomationSendTestEmailRequest", description: "SendTestEmailRequest of the published automations document" });
export const UTMTagsInput = z
  .object({ campaign: z.string().max(250), medium: z.string().max(250), source: z.string().max(250) })
  .meta({ id: "UTMTagsInput", description: '"" resets a tag to its default' });
export const UpdateUTMRequest = z.object({ tags: UTMTagsInput }).meta({ id: "UpdateUTMRequest" });

const booleanQuery = z.enum(["true", "false"]).transform((v) => v === "true");
const instant = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z" });
export const ListAutomationsQuery = pagingQuery({ max: 250, default: 100 })
  .extend({
    sort: z.enum(["createdAt", "updatedAt"]).default("createdAt"),
    direction: z.enum(["asc", "desc"]).default("desc"),
    isEnabled: booleanQuery.optional(),
    nameContains: z.string().max(200).optional().meta({ description: "Case-insensitive substring of the name" }),
    createdAtFrom: instant.optional(),
    createdAtTo: instant.optional(),
    updatedAtFrom: instant.optional(),
    updatedAtTo: instant.optional(),
  })
  .superRefine(noAfterAndBefore);
export type ListAutomationsQuery = z.infer<typeof ListAutomationsQuery>;

export const AutomationParams = IdParams;
export const BlockParams = IdParams.extend({ blockID: z.string().min(1).max(36) });

// ---- responses (published names; fields without a value are left out rather than null)

const EventFilter = z
  .object({ field: z.string(), operator: z.string(), value: z.unknown().optional() })
  .meta({ id: "AutomationEventFilter" });
const EventFilterGroup = z
  .object({ logicalOperator: LogicalOperator, filters: z.array(EventFilter) })
  .meta({ id: "AutomationEventFilterGroup" });
const ContactFilter = z.object({ field: z.string(), operator: z.string(), value: z.string() }).meta({ id: "AutomationContactFilter" });
const ContactFilterGroup = z
  .object({ logicalOperator: LogicalOperator, filters: z.array(ContactFilter) })
  .meta({ id: "AutomationContactFilterGroup" });
const SplitFilter = z
  .object({
    type: z.enum(["event", "contact", "message"]),
    field: z.string(),
    operator: z.string(),
    value: z.unknown().optional(),
    urlMatch: z.object({ operator: z.enum(URL_MATCH_OPERATORS), value: z.string().optional() }).optional(),
  })
  .meta({ id: "AutomationSplitFilter" });
const DurationSchema = z.object({ amount: z.number().int(), units: z.string() });

export const BlockSchema: z.ZodType = z
  .object({
    id: z.string(),
    type: BlockType,
    delay: z
      .object({
        mode: z.string(),
        duration: DurationSchema.optional(),
        time: z.string().optional(),
        allowedWeekdays: z.array(Weekday).optional(),
      })
      .optional(),
    action: z
      .object({
        type: z.enum(ACTION_TYPES),
        sendEmail: z
          .object({
            contentID: z.string().meta({ description: "The block's email content (GET/PUT /api/email-content/{contentID})" }),
            isSkipAllowed: z.boolean(),
            language: z.string(),
            preheader: z.string(),
            subject: z.string(),
            senderName: z.string(),
            senderEmail: z.string().optional(),
            replyToEmail: z.string().optional(),
            topicID: z.string().optional().meta({ description: "Inkwell extra: the subscription topic it is sent for" }),
          })
          .optional(),
        sendWebhook: z.object({ callbackUrl: z.string(), body: z.string(), headers: z.array(WebhookHeader).optional() }).optional(),
        addTag: z.object({ value: z.string() }).optional(),
        removeTag: z.object({ value: z.string() }).optional(),
      })
      .optional(),
    get split() {
      return z
        .object({
          filterGroup: z.object({ logicalOperator: LogicalOperator, filters: z.array(SplitFilter) }),
          trueBlocks: z.array(BlockSchema),
          falseBlocks: z.array(BlockSchema),
        })
        .optional();
    },
    get abTesting() {
      return z.object({ aBlocksPercentage: z.number().int(), aBlocks: z.array(BlockSchema), bBlocks: z.array(BlockSchema) }).optional();
    },
  })
  .meta({ id: "AutomationBlock" });

export const AutomationSchema = z
  .object({
    id: z.string(),
    brandID: z.string(),
    name: z.string(),
    isEnabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    enabledAt: z.string().optional(),
    disabledAt: z.string().optional(),
    trigger: z
      .object({
        condition: z.object({ event: z.string(), origin: z.string().optional(), filterGroups: z.array(EventFilterGroup).optional() }),
        audienceFilterGroup: ContactFilterGroup.optional(),
        inactivitySettings: z.object({ duration: DurationSchema }).optional(),
      })
      .meta({ id: "AutomationTrigger" }),
    blocks: z.array(BlockSchema),
    exitConditions: z.array(
      z
        .object({ event: z.string(), origin: z.string().optional(), filterGroup: EventFilterGroup.optional() })
        .meta({ id: "AutomationExitCondition" }),
    ),
    settings: z
      .object({
        sendingThresholds: z.object({ email: Threshold, sms: Threshold }),
        frequencyLimiter: z.object({ mode: z.enum(["once", "interval"]), duration: DurationSchema.optional() }).optional(),
        overlapLimiter: z
          .object({
            mode: z.enum(["currentlyIn", "recentlyIn"]),
            automationIDs: z.array(z.string()),
            withinDays: z.number().int().optional(),
          })
          .optional(),
      })
      .meta({ id: "AutomationSettings" }),
  })
  .meta({ id: "Automation" });

export const ListAutomationsResponse = z
  .object({ automations: z.array(AutomationSchema), paging: PagingSchema })
  .meta({ id: "ListAutomationsResponse" });
export const UTMTags = z
  .object({ campaign: z.string(), medium: z.string(), source: z.string() })
  .meta({ id: "AutomationUTMTags", description: "UTMTags of the published automations document" });
export const UTMResponse = z
  .object({ tags: UTMTags })
  .meta({ id: "AutomationUTMResponse", description: "UTMResponse of the published automations document" });
export const AggregateUTMResponse = z
  .object({ blocks: z.array(z.object({ blockID: z.string(), tags: UTMTags })) })
  .meta({ id: "AggregateUTMResponse" });

export const WebhookSecret = z
  .object({ secret: z.string().meta({ description: "whsec_ and the base64 key (Standard Webhooks)" }) })
  .meta({ id: "WebhookSecret" });
export const RotatedWebhookSecret = z
  .object({
    secret: z.string().meta({ description: "The new secret: whsec_ and the base64 key (Standard Webhooks)" }),
    rotatedAt: z.iso.datetime().meta({ description: "From now on every webhook request is signed with the new secret only" }),
  })
  .meta({ id: "RotatedWebhookSecret" });
