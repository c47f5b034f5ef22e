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
      summary: "Send campaign test email",
      description:
        "The saved email (each variant of an A/B test) to 1-5 addresses, through SMTP or the outbox, with the subject `[Test] <subject>`. " +
        "An address on the brand's suppression list is refused (409, naming it). Test emails count against the brand's budget of TEST_SEND_PER_HOUR (default 20) emails per hour (addresses × emails, whichever key, app or user sends them; 429 beyond it).",
      tags: ["Campaigns"],
      responses: {
        "204": { description: "Sent (or put in the outbox)" },
        ...notFound,
        ...conflict(
          "The email cannot go as it stands (no template, an unverified sender), or a recipient is on the brand's suppression list",
        ),
        ...unprocessable("Not an email campaign"),
      },
    },
    async ({ auth, params, body }) => {
      await sendCampaignTestEmail(auth, params.id, body.recipients);
      return noContent();
    },
  ),
});
