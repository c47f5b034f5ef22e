// OpenAPI paths of the Automations API (published 2026-03-15 document, "2026-preview"), from the zod
// schemas the routes validate with.
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { conflict, jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import {
  AggregateUTMResponse,
  AutomationParams,
  AutomationSchema,
  BlockParams,
  CopyAutomationRequest,
  CreateAutomationRequest,
  DisableAutomationRequest,
  EnableAutomationRequest,
  ListAutomationsQuery,
  ListAutomationsResponse,
  PatchAutomationRequest,
  PutBlocksRequest,
  SendTestEmailRequest,
  UpdateUTMRequest,
  UTMResponse,
} from "./schemas";
import { AutomationFigures, AutomationFiguresList, FiguresQuery } from "./figures";
import { JourneyList, JourneysQuery } from "./journeys";
import { SimulateRequest, SimulationResult } from "./simulate";
import { IdParams } from "@/lib/http/route";

const tags = ["Automations"];
const body = (schema: z.ZodType, required = true) => ({ required, content: { "application/json": { schema } } });
const read = security("automations.read");
const write = security("automations.write");
const enabled = conflict("The automation is enabled: disable it, change it, enable it again (automation-enabled)");
const unprocessable = (what: string) => ({
  "422": { description: what, content: { "application/problem+json": { schema: z.object({ type: z.string(), detail: z.string() }) } } },
});

export const automationPaths: ZodOpenApiPathsObject = {
  "/api/automations": {
    get: {
      summary: "List automation workflows",
      description:
        "Cursor pages (limit 1-250, default 100), newest first by createdAt (or updatedAt); filters isEnabled, nameContains, created and updated ranges.",
      tags,
      security: read,
      requestParams: { header: VersionHeader, query: ListAutomationsQuery },
      responses: { "200": jsonContent(ListAutomationsResponse, "A page of workflows"), ...standardErrors },
    },
    post: {
      summary: "Create automation workflow",
      description:
        "A disabled workflow: a trigger (an event identity with property filter groups, or a built-in: birthday, product back in stock, entered segment, subscribed to marketing), at least one block, exit conditions and settings. Every rule failure is reported at once; SMS and push blocks are refused naming the channel (channel-unavailable).",
      tags,
      security: write,
      requestParams: { header: VersionHeader },
      requestBody: body(CreateAutomationRequest),
      responses: { "201": jsonContent(AutomationSchema, "The created workflow"), ...standardErrors },
    },
  },
  "/api/automations/{id}": {
    get: {
      summary: "Get automation workflow",
      tags,
      security: read,
      requestParams: { header: VersionHeader, path: AutomationParams },
      responses: { "200": jsonContent(AutomationSchema, "The workflow"), ...notFound, ...standardErrors },
    },
    patch: {
      summary: "Patch automation workflow",
      description:
        "Fields given are changed: trigger.condition, audienceFilterGroup and inactivitySettings each replaced whole (null clears the latter two), exitConditions replaced (null or [] clears), blocks patched by id (type required, unchanged; delay and split.filterGroup replaced whole; abTesting takes aBlocksPercentage only). 409 while enabled.",
      tags,
      security: write,
      requestParams: { header: VersionHeader, path: AutomationParams },
      requestBody: body(PatchAutomationRequest),
      responses: { "200": jsonContent(AutomationSchema, "The changed workflow"), ...notFound, ...enabled, ...standardErrors },
    },
    delete: {
      summary: "Delete automation workflow",
      description: "Removes the workflow with its enrollments; idempotent (an unknown id answers 204 too).",
      tags,
      security: write,
      requestParams: { header: VersionHeader, path: AutomationParams },
      responses: { "204": { description: "Deleted" }, ...standardErrors },
    },
  },
  "/api/automations/{id}/blocks": {
    put: {
      summary: "Replace automation workflow blocks",
      description:
        "Entries with id update that block, entries with temporaryID create one (templateID required for a new email block), blocks left out are deleted. 409 while enabled.",
      tags,
      security: write,
      requestParams: { header: VersionHeader, path: AutomationParams },
      requestBody: body(PutBlocksRequest),
      responses: { "200": jsonContent(AutomationSchema, "The changed workflow"), ...notFound, ...enabled, ...standardErrors },
    },
  },
  "/api/automations/{id}/blocks/{blockID}/test-email": {
    post: {
      summary: "Send test email",
      description:
        "The block's saved email content, rendered with sample data, to 1-5 addresses (the built-in outbox when no SMTP server is configured).",
      tags,
      security: write,
      requestParams: { header: VersionHeader, path: BlockParams },
      requestBody: body(SendTestEmailRequest),
      responses: {
        "204": { description: "Sent" },
        ...notFound,
        ...unprocessable("The block sends no email, or its content was deleted (not-testable)"),
        ...standardErrors,
      },
    },
  },
  "/api/automations/{id}/blocks/{blockID}/utm": {
    get: {
      summary: "Get UTM tags for an automation block",
      tags,
      security: read,
      requestParams: { header: VersionHeader, path: BlockParams },
      responses: { "200": jsonContent(UTMResponse, "The tags, defaults filled in"), ...notFound, ...standardErrors },
    },
    put: {
      summary: "Update UTM tags for an automation block",
      description:
        'All three tags are replaced; "" resets one to its default (source inkwell, medium email, campaign "automation: <name> (<id>)").',
      tags,
      security: write,
      requestParams: { header: VersionHeader, path: BlockParams },
      requestBody: body(UpdateUTMRequest),
      responses: { "200": jsonContent(UTMResponse, "The tags, defaults filled in"), ...notFound, ...standardErrors },
    },
  },
  "/api/automations/{id}/copy": {
    post: {
      summary: "Copy automation workflow",
      description: 'A disabled copy named "Copy of: <name>" unless a name is given.',
      tags,
      security: write,
      requestParams: { header: VersionHeader, path: AutomationParams },
      requestBody: body(CopyAutomationRequest, false),
      responses: { "201": jsonContent(AutomationSchema, "The copy"), ...notFound, ...standardErrors },
    },
  },
  "/api/automations/{id}/disable": {
    post: {
      summary: "Disable automation workflow",
      description: "No new contacts enter. keep: contacts in the workflow finish it; exit: they leave it now. Idempotent.",
      tags,
      security: write,
      requestParams: { header: VersionHeader, path: AutomationParams },
      requestBody: body(DisableAutomationRequest),
      responses: { "200": jsonContent(AutomationSchema, "The disabled workflow"), ...notFound, ...standardErrors },
    },
  },
  "/api/automations/{id}/enable": {
    post: {
      summary: "Enable automation workflow",
      description:
        "Trigger events from now on start the workflow. enrollExisting also enrolls who qualifies now: an event trigger's events within the first delay's window (409 enroll-existing-not-applicable unless the workflow starts with a delay), an entered-segment trigger's members (first enable only); not for birthday, back in stock or subscribed to marketing. Idempotent.",
      tags,
      security: write,
      requestParams: { header: VersionHeader, path: AutomationParams },
      requestBody: body(EnableAutomationRequest, false),
      responses: {
        "200": jsonContent(AutomationSchema, "The enabled workflow"),
        ...notFound,
        ...conflict(
          "enrollExisting does not apply, or the workflow is not ready (a deleted email template or segment): errors[] names what",
        ),
        ...standardErrors,
      },
    },
  },
  "/api/automations/{id}/utm": {
    get: {
      summary: "Get aggregated UTM tags for all blocks",
      tags,
      security: read,
      requestParams: { header: VersionHeader, path: AutomationParams },
      responses: { "200": jsonContent(AggregateUTMResponse, "Every email block's tags"), ...notFound, ...standardErrors },
    },
  },
  "/api/automations/figures": {
    get: {
      summary: "Figures of several workflows",
      description:
        "Inkwell's own: entered, in progress, completed, exited and the emails handed to delivery, for up to 100 workflows (a page of the list) in one request.",
      tags,
      security: read,
      requestParams: { header: VersionHeader, query: FiguresQuery },
      responses: { "200": jsonContent(AutomationFiguresList, "One entry per id asked for"), ...standardErrors },
    },
  },
  "/api/automations/{id}/figures": {
    get: {
      summary: "Figures of a workflow and its blocks",
      description: "Inkwell's own: the workflow's figures, and per block how many reached it, wait at it now, and its outcomes.",
      tags,
      security: read,
      requestParams: { header: VersionHeader, path: AutomationParams },
      responses: { "200": jsonContent(AutomationFigures, "The figures"), ...notFound, ...standardErrors },
    },
  },
  "/api/automations/{id}/simulate": {
    post: {
      summary: "Simulate a workflow over the last days",
      description:
        "Inkwell's own: what the workflow would have done over the last N days (default 30), from the stored events, status history, birthdays and restocks, writing and sending nothing: who would have entered, reached each block, been skipped and why. Works on enabled and disabled workflows.",
      tags,
      security: read,
      requestParams: { header: VersionHeader, path: AutomationParams },
      requestBody: body(SimulateRequest, false),
      responses: { "200": jsonContent(SimulationResult, "The simulation"), ...notFound, ...standardErrors },
    },
  },
  "/api/automations/webhook-secret": {
    get: {
      summary: "The signing secret of webhook blocks",
      description:
        "Webhook blocks sign each request as Standard Webhooks do: webhook-id, webhook-timestamp and webhook-signature (v1, base64 HMAC-SHA256 of id.timestamp.body with the secret's bytes after whsec_). API keys and the dashboard only.",
      tags,
      security: write,
      requestParams: { header: VersionHeader },
      responses: { "200": jsonContent(z.object({ secret: z.string() }).meta({ id: "WebhookSecret" }), "The secret"), ...standardErrors },
    },
  },
  "/api/contacts/{id}/automations": {
    get: {
      summary: "A contact's journeys through automations",
      description:
        "Newest first: each workflow the contact was enrolled in, where it is (block, waiting until) or how it ended, and what its blocks did.",
      tags: ["Contacts", ...tags],
      security: [{ apiKey: [] }, { oauth2: ["contacts.read"] }, { oauth2: ["automations.read"] }, { session: [] }],
      requestParams: { header: VersionHeader, path: IdParams, query: JourneysQuery },
      responses: { "200": jsonContent(JourneyList, "The journeys"), ...notFound, ...standardErrors },
    },
  },
};
