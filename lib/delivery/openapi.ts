// OpenAPI paths of sending: messages (the outbox), senders, suppressions, tracking settings and the
// generic delivery webhook, from the zod schemas the routes validate with.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { IdParams } from "@/lib/http/route";
import { conflict, jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { DeliveryEventsRequest, DeliveryEventsResult } from "./delivery-events";
import { ListMessagesQuery, MessageDetail, MessageList } from "./schemas";
import { SenderAddressInput, SenderAddressSchema, SendingDomainInput, SendingDomainSchema } from "./senders/senders";
import { SendingSettingsPatch, SendingSettingsSchema } from "./settings";
import { ListSuppressionsQuery, SuppressionInput, SuppressionList, SuppressionSchema } from "./suppressions";

const tags = ["Sending"];
const read = { security: security("sending.read"), tags };
const write = { security: security("sending.write"), tags };
const noContent = { "204": { description: "Done" } };

export const deliveryPaths: ZodOpenApiPathsObject = {
  "/api/messages": {
    get: {
      summary: "List the brand's emails, newest first",
      description:
        "Every email Inkwell sent or will send for the brand (campaigns, automations, test sends), one per recipient, with its status: queued, sending, paused, sent, failed, bounced, complained, suppressed (never sent: the address is suppressed or unsubscribed) or skipped (never sent: not subscribed, no email address, canceled), and the reason. " +
        "Without a mail server (no SMTP_HOST) nothing is delivered: messages go into the built-in outbox, whose newest messages keep their body (GET /api/messages/{id}).",
      ...read,
      requestParams: { header: VersionHeader, query: ListMessagesQuery },
      responses: { "200": jsonContent(MessageList, "A page of messages"), ...standardErrors },
    },
  },
  "/api/messages/{id}": {
    get: {
      summary: "One email, with its body as sent while the outbox keeps it",
      ...read,
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(MessageDetail, "The message"), ...notFound, ...standardErrors },
    },
  },
  "/api/delivery-events": {
    post: {
      summary: "Report bounces, complaints and unsubscribes (generic webhook)",
      description:
        "For mail servers and providers without a webhook of their own in Inkwell (Amazon SES, Postmark and SendGrid have theirs at /webhooks/ses, /webhooks/postmark and /webhooks/sendgrid). " +
        "Each event names a message by the Message-ID header it was sent with. A hard bounce or a complaint suppresses the address and unsubscribes it from email; a source whose bounce or complaint rate passes the configured threshold is paused.",
      ...write,
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: DeliveryEventsRequest } } },
      responses: { "200": jsonContent(DeliveryEventsResult, "What became of each event, in order"), ...standardErrors },
    },
  },
  "/api/sending-settings": {
    get: {
      summary: "The brand's tracking settings and the deployment's transport",
      ...read,
      requestParams: { header: VersionHeader },
      responses: { "200": jsonContent(SendingSettingsSchema, "Settings"), ...standardErrors },
    },
    patch: {
      summary: "Switch open or click tracking on or off",
      description: "Applies to emails enqueued from now on.",
      ...write,
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: SendingSettingsPatch } } },
      responses: { "200": jsonContent(SendingSettingsSchema, "Settings"), ...standardErrors },
    },
  },
  "/api/sending-domains": {
    get: {
      summary: "List the brand's sending domains",
      ...read,
      requestParams: { header: VersionHeader },
      responses: {
        "200": jsonContent(z.object({ domains: z.array(SendingDomainSchema) }).meta({ id: "SendingDomainList" }), "Domains"),
        ...standardErrors,
      },
    },
    post: {
      summary: "Add a sending domain",
      description:
        "Inkwell generates a DKIM key for the domain and answers with the DNS records to publish: DKIM (required: it proves the domain is yours and lets receivers verify Inkwell's signatures), SPF and DMARC (recommended). Then POST /api/sending-domains/{id}/verify.",
      ...write,
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: SendingDomainInput } } },
      responses: {
        "201": jsonContent(SendingDomainSchema, "The domain and its records"),
        ...conflict("The domain is already one of the brand's"),
        ...standardErrors,
      },
    },
  },
  "/api/sending-domains/{id}": {
    get: {
      summary: "One sending domain and its DNS records",
      ...read,
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(SendingDomainSchema, "The domain"), ...notFound, ...standardErrors },
    },
    delete: {
      summary: "Remove a sending domain",
      description: "Its addresses stop being verified senders, unless they were verified on their own.",
      ...write,
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { ...noContent, ...notFound, ...standardErrors },
    },
  },
  "/api/sending-domains/{id}/verify": {
    post: {
      summary: "Check the domain's DNS records now",
      description: "The domain is verified while its DKIM record carries Inkwell's key; each record's status says what was found.",
      ...write,
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(SendingDomainSchema, "The domain, checked"), ...notFound, ...standardErrors },
    },
  },
  "/api/sender-addresses": {
    get: {
      summary: "List the brand's sender addresses",
      ...read,
      requestParams: { header: VersionHeader },
      responses: {
        "200": jsonContent(z.object({ addresses: z.array(SenderAddressSchema) }).meta({ id: "SenderAddressList" }), "Addresses"),
        ...standardErrors,
      },
    },
    post: {
      summary: "Add a sender address",
      description:
        "An address on a verified sending domain (or the deployment's SMTP_FROM address) is verified at once; any other gets an email with a confirmation link. Rate limit: TEST_SEND_PER_HOUR per credential.",
      ...write,
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: SenderAddressInput } } },
      responses: {
        "201": jsonContent(SenderAddressSchema, "The address"),
        ...conflict("The address is already one of the brand's"),
        ...standardErrors,
      },
    },
  },
  "/api/sender-addresses/{id}": {
    get: {
      summary: "One sender address",
      ...read,
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(SenderAddressSchema, "The address"), ...notFound, ...standardErrors },
    },
    delete: {
      summary: "Remove a sender address",
      ...write,
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { ...noContent, ...notFound, ...standardErrors },
    },
  },
  "/api/sender-addresses/{id}/confirmation": {
    post: {
      summary: "Email the address a new confirmation link",
      description: "The links of earlier emails stop working. Rate limit: TEST_SEND_PER_HOUR per credential.",
      ...write,
      requestParams: { header: VersionHeader, path: IdParams },
      responses: {
        "200": jsonContent(SenderAddressSchema, "The address"),
        ...notFound,
        ...conflict("The address is verified already"),
        ...standardErrors,
      },
    },
  },
  "/api/suppressions": {
    get: {
      summary: "List the suppression list, newest first",
      description:
        "Addresses the brand never mails: hard bounces, spam complaints, erased contacts' addresses (kept as a hash, shown without the address) and addresses added here.",
      ...read,
      requestParams: { header: VersionHeader, query: ListSuppressionsQuery },
      responses: { "200": jsonContent(SuppressionList, "A page of suppressions"), ...standardErrors },
    },
    post: {
      summary: "Suppress an address",
      ...write,
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: SuppressionInput } } },
      responses: {
        "201": jsonContent(SuppressionSchema, "Suppressed"),
        "200": jsonContent(SuppressionSchema, "The address was suppressed already"),
        ...standardErrors,
      },
    },
  },
  "/api/suppressions/{id}": {
    delete: {
      summary: "Lift a suppression",
      description: "The address may be mailed again (its email channel status still applies).",
      ...write,
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { ...noContent, ...notFound, ...standardErrors },
    },
  },
};
