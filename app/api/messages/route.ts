// GET /api/messages: the brand's emails, newest first (the dashboard's Outbox), filtered and searched.
import { route } from "@/lib/api/route";
import { listMessages } from "@/lib/delivery";
import { ListMessagesQuery, MessageList } from "@/lib/delivery/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "sending.read",
      query: ListMessagesQuery,
      summary: "List the brand's emails, newest first",
      description:
        "Every email Inkwell sent or will send for the brand (campaigns, automations, test sends), one per recipient, with its status: queued, sending, paused, sent, failed, bounced, complained, suppressed (never sent: the address is suppressed or unsubscribed) or skipped (never sent: not subscribed, no email address, canceled), and the reason. " +
        "Without a mail server (no SMTP_HOST) nothing is delivered: messages go into the built-in outbox, whose newest messages keep their body (GET /api/messages/{id}).",
      tags: ["Sending"],
      responses: { "200": jsonContent(MessageList, "A page of messages") },
    },
    async ({ brandId, query }) => ok(await listMessages(brandId, query)),
  ),
});
