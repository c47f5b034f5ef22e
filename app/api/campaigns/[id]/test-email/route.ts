// POST /api/campaigns/{id}/test-email: the saved email (each variant of an A/B test) to 1-5 addresses.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { SendTestEmailRequest } from "@/lib/campaigns/schemas";
import { sendCampaignTestEmail } from "@/lib/campaigns/test-email";
import { conflict, notFound, unprocessable } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      body: SendTestEmailRequest,
      rateLimit: "test-send",
      summary: "Send campaign test email",
      description:
        "The saved email (each variant of an A/B test) to 1-5 addresses, through SMTP or the outbox. Counts against the test-send limit.",
      tags: ["Campaigns"],
      responses: {
        "204": { description: "Sent (or put in the outbox)" },
        ...notFound,
        ...conflict("The email cannot go as it stands (no template, an unverified sender)"),
        ...unprocessable("Not an email campaign"),
      },
    },
    async ({ auth, params, body }) => {
      await sendCampaignTestEmail(auth, params.id, body.recipients);
      return noContent();
    },
  ),
});
