// POST /api/campaigns/{id}/test-email: the saved email (each variant of an A/B test) to 1-5 addresses.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { SendTestEmailRequest } from "@/lib/campaigns/schemas";
import { sendCampaignTestEmail } from "@/lib/campaigns/test-email";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    { scope: "campaigns.write", params: IdParams, body: SendTestEmailRequest, rateLimit: "test-send" },
    async ({ auth, params, body }) => {
      await sendCampaignTestEmail(auth, params.id, body.recipients);
      return noContent();
    },
  ),
});
