// The shapes of the published Campaigns API (2026-03-15, info.version "2026-preview"): one zod schema per
// shape is the validator, the type and the OpenAPI description. Names follow the published components
// (CreateCampaignRequest, UpdateCampaignRequest, Campaign, UTMUpdate, ...). Rules that join several
// fields (what a type or a strategy needs) are in rules.ts, so every failure of a request is reported at once.
import { z } from "zod";
import { LANGUAGES } from "@/lib/delivery/languages";
import { noAfterAndBefore, pagingQuery, PagingSchema } from "@/lib/http/pagination";
import { ResourceId } from "@/lib/http/route";

export const CHANNELS = ["email", "push", "sms"] as const;
export const CampaignChannel = z
  .enum(CHANNELS)
  .meta({ id: "CampaignChannel", description: "Only email is sent today: sms and push answer 422" });
export type CampaignChannel = z.infer<typeof CampaignChannel>;

export const TYPES = ["regular", "abTest", "booster"] as const;
export const CampaignType = z.enum(TYPES).meta({ id: "CampaignType" });
export type CampaignType = z.infer<typeof CampaignType>;

export const STATUSES = ["draft", "scheduled", "started", "sent", "error", "canceled", "paused", "onHold", "expired", "stopped"] as const;
export const CampaignStatus = z.enum(STATUSES).meta({
  id: "CampaignStatus",
  description:
    "draft → scheduled → started → sent; paused while held (by hand, or by the delivery pipeline when bounces or complaints pass their threshold), stopped while an A/B test's winner selection is halted, canceled, error when the send could not go on (the reason is in statusReason), expired for a booster whose parent never sent. onHold is not used by Inkwell",
});
export type CampaignStatus = z.infer<typeof CampaignStatus>;

export const STRATEGIES = ["immediate", "scheduled", "personalized"] as const;
export const OPTIMIZE_FOR = ["opens", "clicks", "orders"] as const;
export const WINNING_METRICS = ["openRate", "clickRate"] as const;
export const SEND_TO = ["nonOpeners", "nonClickers"] as const;
export const TIME_UNITS = ["h", "d"] as const;

const Text = (max: number) => z.string().max(max);
const Email = z.email({ message: "must be an email address" }).max(254);
const Rfc3339 = z.iso.datetime({ offset: true, message: "must be an RFC 3339 date-time, e.g. 2026-06-15T09:00:00+02:00" });

// ---- audience

export const Audience = z
  .strictObject({
    includedSegmentIDs: z
      .array(ResourceId)
      .max(100)
      .optional()
      .meta({ description: "Segments whose members receive the campaign (each contact once). Empty or omitted: every subscribed contact" }),
    excludedSegmentIDs: z.array(ResourceId).max(100).optional().meta({ description: "Segments whose members never receive it" }),
    topicID: ResourceId.nullable().optional().meta({
      description:
        "Inkwell extra: the subscription topic the campaign is sent for. A marketing topic's campaign goes to the audience's contacts subscribed to the topic, and its unsubscribe link leaves that topic only; null or omitted: none",
    }),
  })
  .meta({ id: "Audience", description: "Included and excluded segments must not overlap" });
export type Audience = z.infer<typeof Audience>;

// ---- content

const emailFields = {
  subject: Text(250).meta({ description: "Subject line; personalization tags such as [[contact.first_name | there]] work here" }),
  preheader: Text(250).meta({ description: "Preview text shown in the inbox after the subject" }),
  senderName: Text(250).meta({ description: "Display name of the sender" }),
  senderEmail: Email.meta({
    description: "A verified sender address of the brand. Omitted: the brand's first verified sender (none: 422)",
  }),
  replyToEmail: Email.meta({ description: "Reply-to address (a verified sender of the brand). Omitted: replies go to the sender" }),
};

export const CreateEmail = z
  .strictObject({
    templateID: ResourceId.optional().meta({
      description:
        "The email template the campaign sends (its design: contentID is this id). Required for regular email campaigns; a booster inherits its parent's",
    }),
    subject: emailFields.subject.optional(),
    preheader: emailFields.preheader.optional(),
    senderName: emailFields.senderName.optional(),
    senderEmail: emailFields.senderEmail.optional(),
    replyToEmail: emailFields.replyToEmail.optional(),
  })
  .meta({ id: "CreateEmail" });

const smsCompliance = {
  stopKeywordText: Text(250).meta({ description: "STOP keyword text for US/CA recipients" }),
  unsubscribeLinkText: Text(250).meta({ description: "Unsubscribe link text for other recipients" }),
};
export const CreateSMS = z
  .strictObject({
    message: z.string().min(1).max(1600),
    compliance: z.strictObject(smsCompliance),
    imageID: z.string().max(100).optional(),
    isLinkShorteningEnabled: z.boolean().optional(),
  })
  .meta({ id: "CreateSMS", description: "Accepted as published; sms campaigns answer 422 until Inkwell sends SMS" });

export const CreateContent = z.strictObject({ email: CreateEmail.optional(), sms: CreateSMS.optional() }).meta({ id: "CreateContent" });

// ---- sending settings

const sendingFields = {
  strategy: z.enum(STRATEGIES).meta({
    description:
      "immediate (at send), scheduled (at scheduledAt), personalized (each contact at the hour of day they opened or clicked most in the last 90 days, the brand's default hour otherwise, within the 24 hours from the start of scheduledAt's day in the brand's time zone)",
  }),
  scheduledAt: Rfc3339.meta({
    description:
      "Required for scheduled (in the future, within a year) and personalized (its day in the brand's time zone, today or within a year; stored as brand-local midnight); not allowed for immediate",
  }),
  optimizeFor: z.enum(OPTIMIZE_FOR).meta({ description: "personalized only: the engagement whose hours count (opens, clicks, orders)" }),
  isTZOptimizationEnabled: z.boolean().meta({
    description:
      "immediate or scheduled email only: each contact gets it at the scheduled local time (immediate: the brand's local time at send) in their own time zone, from their country and state (the brand's when unknown)",
  }),
};

export const CreateSendingSettings = z
  .strictObject({
    strategy: sendingFields.strategy.optional().meta({ description: "Default: immediate" }),
    scheduledAt: sendingFields.scheduledAt.optional(),
    optimizeFor: sendingFields.optimizeFor.optional(),
    isTZOptimizationEnabled: sendingFields.isTZOptimizationEnabled.optional(),
  })
  .meta({ id: "CreateSendingSettings" });
export type SendingSettingsInput = z.infer<typeof CreateSendingSettings>;

export const UpdateSendingSettings = z
  .strictObject({
    strategy: sendingFields.strategy,
    scheduledAt: sendingFields.scheduledAt.optional(),
    optimizeFor: sendingFields.optimizeFor.optional(),
    isTZOptimizationEnabled: sendingFields.isTZOptimizationEnabled.optional(),
  })
  .meta({ id: "UpdateSendingSettings", description: "A full replacement: give every field the strategy needs" });

// ---- A/B tests

export const DecisionTime = z
  .strictObject({ amount: z.number().int().min(1), unit: z.enum(TIME_UNITS) })
  .meta({ id: "CreateABTestDecisionTime", description: "How long after the start the winner is chosen: h 1-168 or d 1-7" });

const abSettingsFields = {
  testSizePercent: z
    .number()
    .int()
    .min(10)
    .max(100)
    .meta({ description: "Share of the audience in the test (10-100), split evenly between a and b; 100 sends every contact a variant" }),
  winningMetric: z.enum(WINNING_METRICS).optional().meta({ description: "Required unless testSizePercent is 100" }),
  decisionTime: DecisionTime.optional().meta({ description: "Required unless testSizePercent is 100" }),
};
export const CreateABTestSettings = z.strictObject(abSettingsFields).meta({ id: "CreateABTestSettings" });
export type ABTestSettings = z.infer<typeof CreateABTestSettings>;

export const CreateABTestVariantEmail = z
  .strictObject({
    templateID: ResourceId,
    subject: emailFields.subject.min(1),
    preheader: emailFields.preheader.optional(),
    senderName: emailFields.senderName.optional(),
    senderEmail: emailFields.senderEmail.optional(),
    replyToEmail: emailFields.replyToEmail.optional(),
  })
  .meta({ id: "CreateABTestVariantEmail" });
const CreateABTestVariant = z
  .strictObject({ content: z.strictObject({ email: CreateABTestVariantEmail }) })
  .meta({ id: "CreateABTestVariant" });
export const CreateABTest = z
  .strictObject({
    settings: CreateABTestSettings,
    variants: z.strictObject({ a: CreateABTestVariant, b: CreateABTestVariant }),
  })
  .meta({ id: "CreateABTest" });

// ---- boosters

export const BoosterDelay = z
  .strictObject({ amount: z.number().int().min(0), unit: z.enum(TIME_UNITS) })
  .meta({ id: "CreateBoosterDelay", description: "At most 240 hours (10 days); 0 only for SMS boosters" });
export const CreateBoosterSettings = z
  .strictObject({
    campaignID: ResourceId.meta({ description: "The parent: a regular email campaign in draft or sent status" }),
    sendTo: z.enum(SEND_TO).meta({ description: "The parent's recipients who did not open (nonOpeners) or did not click (nonClickers)" }),
    delay: BoosterDelay.optional().meta({
      description:
        "Draft parent only (required then): how long after the parent's send the booster goes. A sent parent: omit it and give sendingSettings.scheduledAt",
    }),
  })
  .meta({ id: "CreateBoosterSettings" });

// ---- create

export const CreateCampaignRequest = z
  .strictObject({
    channel: CampaignChannel,
    type: CampaignType,
    name: z.string().trim().max(250).optional().meta({ description: "Required for regular and abTest campaigns" }),
    language: z.enum(LANGUAGES).optional().meta({ description: "xx_XX; default en_US" }),
    audience: Audience.optional(),
    content: CreateContent.optional().meta({ description: "Required for regular campaigns; omitted for A/B tests (variants carry it)" }),
    sendingSettings: CreateSendingSettings.optional(),
    abTest: CreateABTest.optional().meta({ description: "Required when type is abTest" }),
    boosterSettings: CreateBoosterSettings.optional().meta({ description: "Required when type is booster" }),
  })
  .meta({ id: "CreateCampaignRequest" });
export type CreateCampaignRequest = z.infer<typeof CreateCampaignRequest>;

// ---- update

export const UpdateEmail = z
  .strictObject({
    subject: emailFields.subject.min(1).optional(),
    preheader: emailFields.preheader.optional(),
    senderName: emailFields.senderName.min(1).optional(),
    senderEmail: emailFields.senderEmail.optional(),
    replyToEmail: z
      .union([z.literal(""), emailFields.replyToEmail])
      .optional()
      .meta({ description: "An empty string clears it (replies go to the sender)" }),
  })
  .meta({
    id: "UpdateEmail",
    description: "Only the fields given change; the template cannot change (PUT /api/campaigns/{id}/template does, for drafts)",
  });

export const UpdateSMS = z
  .strictObject({
    message: z.string().min(1).max(1600).optional(),
    compliance: z
      .strictObject({
        stopKeywordText: smsCompliance.stopKeywordText.min(1),
        unsubscribeLinkText: smsCompliance.unsubscribeLinkText.min(1),
      })
      .partial()
      .optional(),
    imageID: z.string().max(100).optional(),
    isLinkShorteningEnabled: z.boolean().optional(),
  })
  .meta({ id: "UpdateSMS" });

const UpdateABTestVariant = z
  .strictObject({ content: z.strictObject({ email: UpdateEmail.optional() }).optional() })
  .meta({ id: "UpdateABTestVariant" });
export const UpdateABTest = z
  .strictObject({
    settings: z.strictObject(abSettingsFields).partial().optional().meta({ description: "Replaces the settings whole" }),
    variants: z.strictObject({ a: UpdateABTestVariant.optional(), b: UpdateABTestVariant.optional() }).optional(),
  })
  .meta({
    id: "UpdateABTest",
    description: "Settings given replace the settings; variant fields given replace those fields (templates stay)",
  });

export const UpdateCampaignRequest = z
  .strictObject({
    name: z.string().trim().min(1).max(250).optional(),
    language: z.enum(LANGUAGES).optional(),
    audience: Audience.optional(),
    content: z.strictObject({ email: UpdateEmail.optional(), sms: UpdateSMS.optional() }).optional(),
    sendingSettings: UpdateSendingSettings.optional(),
    abTest: UpdateABTest.optional(),
    boosterSettings: z.strictObject({ sendTo: z.enum(SEND_TO).optional(), delay: BoosterDelay.optional() }).optional(),
  })
  .meta({
    id: "UpdateCampaignRequest",
    description: "Drafts only (409 otherwise). sendingSettings and abTest.settings are replaced whole",
  });
export type UpdateCampaignRequest = z.infer<typeof UpdateCampaignRequest>;

export const ChangeTemplateRequest = z
  .strictObject({
    templateID: ResourceId,
    variant: z.enum(["a", "b"]).optional().meta({ description: "A/B tests: the variant whose template changes (required for them)" }),
  })
  .meta({ id: "ChangeCampaignTemplateRequest" });

// ---- the campaign as read

const EmailOut = z
  .object({
    contentID: z.string().meta({ description: "The email design: the template's id (/api/email-content/{contentID})" }),
    templateID: z.string().meta({ description: "The same id, under the name creation takes (Inkwell extra)" }),
    subject: z.string().optional(),
    preheader: z.string().optional(),
    senderName: z.string().optional(),
    senderEmail: z.string().optional(),
    replyToEmail: z.string().optional(),
  })
  .meta({ id: "CampaignEmail" });

const SendingSettingsOut = z
  .object({
    strategy: z.enum(STRATEGIES),
    scheduledAt: z.string().optional(),
    optimizeFor: z.enum(OPTIMIZE_FOR).optional(),
    isTZOptimizationEnabled: z.boolean().optional(),
  })
  .meta({ id: "CampaignSendingSettings" });

const VariantOut = z.object({
  id: z.string().meta({ description: "The variant's id: names it in winner selection and reports" }),
  content: z.object({ email: EmailOut }),
});

export const CampaignSchema = z
  .object({
    id: z.string(),
    brandID: z.string(),
    name: z.string(),
    channel: CampaignChannel,
    type: CampaignType,
    status: CampaignStatus,
    statusReason: z.string().optional().meta({ description: "Why it is paused, in error or expired (Inkwell extra)" }),
    language: z.string(),
    audience: z.object({
      includedSegmentIDs: z.array(z.string()),
      excludedSegmentIDs: z.array(z.string()),
      topicID: z.string().optional().meta({ description: "Inkwell extra: the subscription topic it is sent for" }),
    }),
    content: z.object({ email: EmailOut }).optional().meta({ description: "Omitted for A/B tests" }),
    sendingSettings: SendingSettingsOut,
    abTest: z
      .object({
        settings: z.object({
          testSizePercent: z.number().int(),
          winningMetric: z.enum(WINNING_METRICS).optional(),
          decisionTime: z.object({ amount: z.number().int(), unit: z.enum(TIME_UNITS) }).optional(),
        }),
        variants: z.object({ a: VariantOut, b: VariantOut }),
        result: z
          .object({ winnerVariantID: z.string(), selectedAt: z.string(), isManuallySelected: z.boolean() })
          .optional()
          .meta({ description: "Omitted until a winner is chosen" }),
      })
      .optional(),
    boosterSettings: z
      .object({
        campaignID: z.string(),
        sendTo: z.enum(SEND_TO),
        delay: z.object({ amount: z.number().int(), unit: z.enum(TIME_UNITS) }).optional(),
      })
      .optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
    startedAt: z.string().optional(),
    endedAt: z.string().optional(),
  })
  .meta({ id: "Campaign" });
export type CampaignRecord = z.infer<typeof CampaignSchema>;

export const CampaignsResponse = z.object({ campaigns: z.array(CampaignSchema), paging: PagingSchema }).meta({ id: "CampaignsResponse" });

// ---- list

const many = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional();

export const CampaignListQuery = pagingQuery({ max: 250, default: 100 })
  .extend({
    sort: z.enum(["createdAt", "updatedAt", "name"]).optional().meta({ description: "Default: createdAt" }),
    direction: z.enum(["asc", "desc"]).optional().meta({ description: "Only together with sort. Default: desc" }),
    status: many(CampaignStatus).meta({ description: "Repeat for OR" }),
    channel: many(CampaignChannel).meta({ description: "Repeat for OR" }),
    type: CampaignType.optional(),
    parentCampaignID: ResourceId.optional().meta({ description: "Boosters of this campaign (implies type=booster)" }),
    nameContains: z.string().max(200).optional().meta({ description: "Case-insensitive substring of the name" }),
    createdAtFrom: Rfc3339.optional(),
    createdAtTo: Rfc3339.optional(),
    updatedAtFrom: Rfc3339.optional(),
    updatedAtTo: Rfc3339.optional(),
  })
  .strict()
  .superRefine(noAfterAndBefore)
  .superRefine((query, ctx) => {
    if (query.direction !== undefined && query.sort === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["direction"],
        message: "direction is only allowed together with sort",
        params: { code: "conflicting_parameters" },
      });
    if (query.parentCampaignID !== undefined && query.type !== undefined && query.type !== "booster")
      ctx.addIssue({
        code: "custom",
        path: ["type"],
        message: "parentCampaignID lists boosters: type must be booster or omitted",
        params: { code: "conflicting_parameters" },
      });
  });
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;

// ---- operations' bodies

export const SendTestEmailRequest = z
  .strictObject({ recipients: z.array(Email).min(1).max(5).meta({ description: "1-5 email addresses" }) })
  .meta({ id: "SendTestEmailRequest" });

export const SelectABTestWinnerRequest = z
  .strictObject({ variantID: z.string().min(1).max(100).meta({ description: "abTest.variants.a.id or abTest.variants.b.id" }) })
  .meta({ id: "SelectABTestWinnerRequest" });

const UtmTagsIn = z.strictObject({ source: Text(250).optional(), medium: Text(250).optional(), campaign: Text(250).optional() }).meta({
  id: "UTMTags",
  description: "Empty or omitted values reset to the defaults (source inkwell, medium email, campaign: the campaign's name)",
});
export const UTMUpdate = z
  .strictObject({ tags: UtmTagsIn.optional(), variants: z.strictObject({ a: UtmTagsIn.optional(), b: UtmTagsIn.optional() }).optional() })
  .superRefine((body, ctx) => {
    if ((body.tags === undefined) === (body.variants === undefined))
      ctx.addIssue({
        code: "custom",
        path: ["tags"],
        message: "give exactly one of tags (regular campaigns) or variants (A/B tests)",
        params: { code: "conflicting_parameters" },
      });
  })
  .meta({ id: "UTMUpdate" });
export type UTMUpdate = z.infer<typeof UTMUpdate>;
export type UtmTags = { source: string; medium: string; campaign: string };

const UtmTagsOut = z.object({ source: z.string(), medium: z.string(), campaign: z.string() });
export const UTMResponse = z
  .object({
    tags: UtmTagsOut.optional(),
    variants: z.object({ a: z.object({ id: z.string(), tags: UtmTagsOut }), b: z.object({ id: z.string(), tags: UtmTagsOut }) }).optional(),
  })
  .meta({ id: "UTMResponse", description: "tags for regular campaigns and boosters, variants for A/B tests; defaults filled in" });
