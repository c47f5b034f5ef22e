// OpenAPI paths of the campaigns endpoints (the published Campaigns API, 2026-03-15, plus Inkwell's extras
// for the dashboard: pause, resume, template, audience, report).
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { conflict, jsonContent, notFound, ProblemSchema, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { IdParams } from "@/lib/http/route";
import {
  CampaignListQuery,
  CampaignSchema,
  CampaignsResponse,
  ChangeTemplateRequest,
  CreateCampaignRequest,
  SelectABTestWinnerRequest,
  SendTestEmailRequest,
  UpdateCampaignRequest,
  UTMResponse,
  UTMUpdate,
} from "./schemas";
import {
  CampaignListFiguresSchema,
  FiguresQuery,
  AudienceEstimateRequest,
  AudienceEstimateSchema,
  CampaignReportSchema,
  ClickMapSchema,
  RecipientsQuery,
  RecipientsSchema,
  OUTCOMES,
} from "./report-schemas";

const tags = ["Campaigns"];
const path = { header: VersionHeader, path: IdParams };
const body = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });
const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: ProblemSchema } } });
const unprocessable = (what: string) => ({ "422": problem(what) });
const done = (what: string) => ({ "204": { description: what } });
const read = security("campaigns.read");
const write = security("campaigns.write");

function action(summary: string, description: string, responses: Record<string, unknown>) {
  return { post: { summary, description, tags, security: write, requestParams: path, responses: { ...responses, ...standardErrors } } };
}

export const campaignPaths: ZodOpenApiPathsObject = {
  "/api/campaigns": {
    get: {
      summary: "List campaigns with filtering, sorting, and cursor pagination",
      description:
        "Filters: status and channel (repeat for OR), type, parentCampaignID (a campaign's boosters), nameContains, created and updated ranges. sort createdAt (default), updatedAt or name; direction only with sort (default desc). Unknown parameters, and after with before, answer 400.",
      tags,
      security: read,
      requestParams: { header: VersionHeader, query: CampaignListQuery },
      responses: { "200": jsonContent(CampaignsResponse, "A page of campaigns"), ...standardErrors },
    },
    post: {
      summary: "Create campaign",
      description:
        "A new draft. Regular email campaigns need content.email.templateID; A/B tests carry content per variant; a booster names its parent (a regular email campaign, draft or sent; one booster per parent). sms and push answer 422 (not sent by Inkwell yet), as does an omitted senderEmail when the brand has no verified sender, or a named one that is not verified.",
      tags,
      security: write,
      requestParams: { header: VersionHeader },
      requestBody: body(CreateCampaignRequest),
      responses: {
        "201": jsonContent(CampaignSchema, "The new draft"),
        "404": problem("Booster only: no parent campaign with that id in the brand"),
        ...conflict("Booster only: the parent has a booster already, or its status is not draft or sent"),
        ...unprocessable("The channel is not supported (sms, push), or the sender is not a verified sender of the brand"),
        ...standardErrors,
      },
    },
  },
  "/api/campaigns/{id}": {
    get: {
      summary: "Get campaign",
      tags,
      security: read,
      requestParams: path,
      responses: { "200": jsonContent(CampaignSchema, "The campaign"), ...notFound, ...standardErrors },
    },
    patch: {
      summary: "Update campaign (draft status only)",
      description: "Only the fields given change; sendingSettings and abTest.settings are replaced whole; templates cannot change here.",
      tags,
      security: write,
      requestParams: path,
      requestBody: body(UpdateCampaignRequest),
      responses: {
        "200": jsonContent(CampaignSchema, "The updated draft"),
        ...notFound,
        ...conflict("The campaign is not a draft"),
        ...unprocessable("A named sender is not a verified sender of the brand"),
        ...standardErrors,
      },
    },
    delete: {
      summary: "Delete campaign",
      description: "204 also when no such campaign exists (as published). A draft booster goes with its parent.",
      tags,
      security: write,
      requestParams: path,
      responses: {
        ...done("Deleted"),
        ...conflict("The campaign is scheduled, started, paused or stopped: cancel it first"),
        ...standardErrors,
      },
    },
  },
  "/api/campaigns/{id}/send": action(
    "Send campaign",
    "Drafts only. immediate: starts now; scheduled: at scheduledAt (with time-zone optimization, from the first time zone that reaches it); personalized: each contact at their best hour within the day. A booster of a draft parent is sent by its parent. 409 lists every reason the campaign cannot be sent as it stands.",
    {
      ...done("The send started or is scheduled"),
      ...notFound,
      ...conflict("Not a draft, or the content is not sendable (template, subject, sender, schedule)"),
    },
  ),
  "/api/campaigns/{id}/cancel": action(
    "Cancel campaign",
    "From scheduled, started or paused. For a started campaign best effort: messages already handed to the mail server go on.",
    { ...done("Canceled"), ...notFound, ...conflict("The campaign is not scheduled, started or paused") },
  ),
  "/api/campaigns/{id}/pause": action(
    "Pause a sending campaign (Inkwell extra)",
    "Its messages not yet handed over wait until it is resumed.",
    { ...done("Paused"), ...notFound, ...conflict("The campaign is not started") },
  ),
  "/api/campaigns/{id}/resume": action(
    "Resume a paused campaign (Inkwell extra)",
    "Also after the delivery pipeline paused it for its bounce or complaint rate.",
    { ...done("Sending again"), ...notFound, ...conflict("The campaign is not paused") },
  ),
  "/api/campaigns/{id}/copy": action(
    "Copy campaign",
    'A new draft named "Copy of: ..." with the original\'s content, audience and settings.',
    {
      "201": jsonContent(CampaignSchema, "The copy"),
      ...notFound,
      ...unprocessable("Boosters are not copied"),
    },
  ),
  "/api/campaigns/{id}/test-email": {
    post: {
      summary: "Send campaign test email",
      description:
        "The saved email (each variant of an A/B test) to 1-5 addresses, through SMTP or the outbox. Counts against the test-send limit.",
      tags,
      security: write,
      requestParams: path,
      requestBody: body(SendTestEmailRequest),
      responses: {
        ...done("Sent (or put in the outbox)"),
        ...notFound,
        ...conflict("The email cannot go as it stands (no template, an unverified sender)"),
        ...unprocessable("Not an email campaign"),
        ...standardErrors,
      },
    },
  },
  "/api/campaigns/{id}/utm": {
    get: {
      summary: "Get campaign UTM settings",
      tags,
      security: read,
      requestParams: path,
      responses: { "200": jsonContent(UTMResponse, "tags, or variants for an A/B test"), ...notFound, ...standardErrors },
    },
    put: {
      summary: "Update campaign UTM settings",
      description: "Exactly one of tags (regular, booster) or variants (A/B test); drafts only; empty values reset to the defaults.",
      tags,
      security: write,
      requestParams: path,
      requestBody: body(UTMUpdate),
      responses: {
        "200": jsonContent(UTMResponse, "The tags now"),
        ...notFound,
        ...conflict("The campaign is not a draft"),
        ...standardErrors,
      },
    },
  },
  "/api/campaigns/{id}/template": {
    put: {
      summary: "Change a draft's template (Inkwell extra)",
      tags,
      security: write,
      requestParams: path,
      requestBody: body(ChangeTemplateRequest),
      responses: {
        "200": jsonContent(CampaignSchema, "The draft"),
        ...notFound,
        ...conflict("The campaign is not a draft"),
        ...standardErrors,
      },
    },
  },
  "/api/campaigns/{id}/ab-test/stop": action("Stop A/B test", "Automatic winner selection halts; the test's messages go on.", {
    ...done("Stopped"),
    ...notFound,
    ...conflict("The campaign is not started"),
    ...unprocessable("Not an A/B test"),
  }),
  "/api/campaigns/{id}/ab-test/resume": action("Resume A/B test", "Winner selection goes on (at once when the decision time has passed).", {
    ...done("Resumed"),
    ...notFound,
    ...conflict("The campaign is not stopped"),
    ...unprocessable("Not an A/B test"),
  }),
  "/api/campaigns/{id}/ab-test/winner": {
    post: {
      summary: "Select A/B test winner",
      description: "The chosen variant goes to the rest of the audience at once.",
      tags,
      security: write,
      requestParams: path,
      requestBody: body(SelectABTestWinnerRequest),
      responses: {
        ...done("The winner goes out"),
        ...notFound,
        ...conflict("The test is not running, a winner is chosen already, or the test went to the whole audience"),
        ...unprocessable("Not an A/B test"),
        ...standardErrors,
      },
    },
  },
  "/api/campaigns/{id}/report": {
    get: {
      summary: "A campaign's report (Inkwell extra)",
      description:
        "Recipients, deliveries, bounces, unique and total opens and clicks, click-through rate, unsubscribes, complaints, machine opens and clicks apart; in all, per A/B part and per day; clicks per link. Read from counters kept as outcomes arrive.",
      tags,
      security: read,
      requestParams: path,
      responses: { "200": jsonContent(CampaignReportSchema, "The report"), ...notFound, ...standardErrors },
    },
  },
  "/api/campaigns/{id}/recipients": {
    get: {
      summary: "A campaign's recipients and their outcomes (Inkwell extra)",
      tags,
      security: read,
      requestParams: { ...path, query: RecipientsQuery },
      responses: { "200": jsonContent(RecipientsSchema, "A page of recipients, newest first"), ...notFound, ...standardErrors },
    },
  },
  "/api/campaigns/{id}/recipients/export": {
    get: {
      summary: "A campaign's recipients as CSV (Inkwell extra)",
      description: `Columns: email, contactID, part, status, reason, sentAt, openedAt, clickedAt, messageID. Optional outcome filter: ${OUTCOMES.join(", ")}.`,
      tags,
      security: read,
      requestParams: path,
      responses: {
        "200": { description: "CSV, streamed", content: { "text/csv": { schema: { type: "string" } } } },
        ...notFound,
        ...standardErrors,
      },
    },
  },
  "/api/campaigns/{id}/click-map": {
    get: {
      summary: "The email with each link's clicks on it (Inkwell extra)",
      tags,
      security: read,
      requestParams: path,
      responses: { "200": jsonContent(ClickMapSchema, "The marked-up email and the clicks per link"), ...notFound, ...standardErrors },
    },
  },
  "/api/campaigns/audience-estimate": {
    post: {
      summary: "Who an audience selects now, and who would be skipped and why (Inkwell extra)",
      tags,
      security: read,
      requestParams: { header: VersionHeader },
      requestBody: body(AudienceEstimateRequest),
      responses: { "200": jsonContent(AudienceEstimateSchema, "The estimate"), ...standardErrors },
    },
  },
  "/api/campaigns/figures": {
    get: {
      summary: "Open and click rates of a page of campaigns (Inkwell extra)",
      description: "One request for the rows of a list page, from counters kept as outcomes arrive.",
      tags,
      security: read,
      requestParams: { header: VersionHeader, query: FiguresQuery },
      responses: { "200": jsonContent(CampaignListFiguresSchema, "Figures per campaign"), ...standardErrors },
    },
  },
};
