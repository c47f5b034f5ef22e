// Shapes of Inkwell's campaign report endpoints (extras beside the published API, for the dashboard and
// for integrations): the report, the recipients table, the audience estimate, the click map.
import { z } from "zod";
// The pure parts of the pipeline's read side (this file reaches the dashboard's client bundle).
import { FIGURE_NAMES, FIGURES } from "@/lib/delivery/read/figures";
import { OUTCOMES } from "@/lib/delivery/read/outcomes";
import { ResourceId } from "@/lib/http/route";
import { CampaignStatus } from "./schemas";

const figureShape = Object.fromEntries(FIGURE_NAMES.map((name) => [name, z.number().meta({ description: FIGURES[name].description })]));
export const FiguresSchema = z
  .object(figureShape)
  .meta({ id: "CampaignFigures", description: "Counts and rates (0-1) of a campaign or a part of it" });

export const CampaignReportSchema = z
  .object({
    campaignID: z.string(),
    name: z.string(),
    status: CampaignStatus,
    statusReason: z.string().optional(),
    startedAt: z.string().optional(),
    endedAt: z.string().optional(),
    recipients: z
      .number()
      .int()
      .meta({ description: "Contacts the email went or is going to (sent, failed, pending); skipped contacts are not recipients" }),
    skipped: z
      .object({
        count: z.number().int().meta({ description: "Contacts of the audience who got nothing (skipped or suppressed)" }),
        reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })).meta({
          description: "Why, most first: not-subscribed, no-email, canceled, suppressed:unsubscribed, suppressed:hard-bounce, ...",
        }),
      })
      .meta({ description: "The audience's contacts who were not sent the email, and why" }),
    currency: z.string().meta({ description: "The brand's currency: what revenue is counted in (ISO 4217)" }),
    totals: FiguresSchema,
    parts: z
      .array(z.object({ part: z.string(), label: z.string(), variantID: z.string().optional(), figures: FiguresSchema }))
      .meta({ description: "A/B tests: variant a, variant b and the winner's send to the rest" }),
    daily: z
      .array(z.object({ day: z.string().meta({ description: "YYYY-MM-DD (UTC) of the outcome" }), figures: FiguresSchema }))
      .meta({ description: "Outcomes per day, oldest first" }),
    hourly: z
      .array(
        z.object({
          hour: z.string().meta({ description: "The hour's start (UTC, ISO 8601)" }),
          sent: z.number().int(),
          uniqueOpens: z.number().int(),
          uniqueClicks: z.number().int(),
        }),
      )
      .meta({ description: "The first 48 hours from the start of the send, hour by hour (empty before the send starts)" }),
    comparison: z
      .array(
        z.object({
          campaignID: z.string(),
          name: z.string(),
          startedAt: z.string(),
          current: z.boolean().meta({ description: "This campaign" }),
          openRate: z.number(),
          clickRate: z.number(),
          revenuePerRecipient: z.number(),
        }),
      )
      .meta({ description: "This campaign and the brand's last five campaigns started before it, newest first" }),
    comparisonAverage: z
      .object({
        campaigns: z.number().int().meta({ description: "How many earlier campaigns (1-5)" }),
        openRate: z.number(),
        clickRate: z.number(),
        revenuePerRecipient: z.number(),
      })
      .nullable()
      .meta({
        description:
          "The earlier campaigns of `comparison` taken together: the figures of their counts summed (each weighs by its recipients); null when there are none",
      }),
    links: z
      .array(z.object({ url: z.string(), clicks: z.number().int(), uniqueClicks: z.number().int() }))
      .meta({ description: "Most clicked first" }),
    asOf: z.string().meta({ description: "When the counters were read" }),
  })
  .meta({ id: "CampaignReport" });
export type CampaignReport = z.infer<typeof CampaignReportSchema>;

export { OUTCOMES };

export const RecipientsQuery = z
  .strictObject({
    outcome: z.enum(OUTCOMES).optional().meta({ description: "Only recipients with this outcome" }),
    limit: z.coerce.number().int().min(1).max(250).default(50),
    after: z.string().max(500).optional().meta({ description: "Cursor: paging.cursors.after of the previous page" }),
  })
  .meta({ id: "CampaignRecipientsQuery" });

export const RecipientSchema = z.object({
  messageID: z.string(),
  contactID: z.string().nullable(),
  email: z.string().nullable(),
  part: z.string().meta({ description: "The A/B variant (a, b) or rest; empty for other campaigns" }),
  status: z.string().meta({ description: "The message's status in the delivery pipeline" }),
  reason: z.string().nullable(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
});
export const RecipientsSchema = z
  .object({
    recipients: z.array(RecipientSchema),
    paging: z.object({ limit: z.number().int(), hasMore: z.boolean(), cursors: z.object({ after: z.string().optional() }) }),
  })
  .meta({ id: "CampaignRecipients" });

export const AudienceEstimateRequest = z
  .strictObject({
    includedSegmentIDs: z.array(ResourceId).max(100).optional(),
    excludedSegmentIDs: z.array(ResourceId).max(100).optional(),
    topicID: ResourceId.nullable().optional().meta({
      description:
        "The subscription topic the send is for, as a campaign's audience.topicID: a marketing topic counts only its subscribers (an unknown topic: nobody); null or omitted: none",
    }),
  })
  .meta({ id: "AudienceEstimateRequest" });

export const AudienceEstimateSchema = z
  .object({
    contacts: z.number().int().meta({ description: "Contacts the audience selects now" }),
    recipients: z
      .number()
      .int()
      .meta({ description: "Of them, who will receive it: the delivery pipeline's recipient rule, suppressions included" }),
    subscribed: z.number().int().meta({ description: "The same as recipients (its earlier name)" }),
    skipped: z.object({
      noEmail: z.number().int().meta({ description: "No email address" }),
      unsubscribed: z.number().int().meta({ description: "Unsubscribed from email (every address that could be mailed)" }),
      nonSubscribed: z.number().int().meta({ description: "Never subscribed to email" }),
      suppressed: z
        .number()
        .int()
        .meta({ description: "The address is on the suppression list (a bounce, a complaint, an operator's entry)" }),
    }),
  })
  .meta({ id: "AudienceEstimate" });

export const ClickMapSchema = z
  .object({
    html: z.string().meta({ description: "The email as rendered with sample data, each tracked link marked with its clicks" }),
    links: z.array(z.object({ url: z.string(), clicks: z.number().int(), uniqueClicks: z.number().int() })),
  })
  .meta({ id: "CampaignClickMap" });

export const FiguresQuery = z
  .strictObject({
    ids: z
      .string()
      .max(250 * 25)
      .transform((v) => [...new Set(v.split(",").filter(Boolean))])
      .pipe(z.array(ResourceId).min(1).max(250))
      .meta({ description: "Comma-separated campaign ids (a page of the list, at most 250)" }),
  })
  .meta({ id: "CampaignFiguresQuery" });

export const CampaignListFiguresSchema = z
  .object({
    figures: z.array(
      z.object({
        campaignID: z.string(),
        recipients: z.number().int().meta({ description: "Contacts the email went or is going to (skipped contacts apart)" }),
        skipped: z.number().int().meta({ description: "Contacts of the audience who got nothing (skipped or suppressed)" }),
        sent: z.number().int(),
        uniqueOpens: z.number().int(),
        uniqueClicks: z.number().int(),
        openRate: z.number(),
        clickRate: z.number(),
        orders: z.number().int().meta({ description: FIGURES.orders.description }),
        revenue: z.number().meta({ description: FIGURES.revenue.description }),
      }),
    ),
    currency: z.string().meta({ description: "The brand's currency: what revenue is counted in (ISO 4217)" }),
  })
  .meta({ id: "CampaignListFigures", description: "Figures of the campaigns asked for that exist in the brand" });

/** The query of a campaign's recipients CSV (the API's export and the dashboard's download link). */
export const RecipientsExportQuery = z.strictObject({ outcome: z.enum(OUTCOMES).optional() });
