// POST /api/campaigns/{id}/send: a draft starts sending now or is scheduled (its sending strategy decides).
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { sendCampaign } from "@/lib/campaigns/send-campaign";
import { conflict, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      summary: "Send campaign",
      description:
        "Drafts only. immediate: starts now; scheduled: at scheduledAt (with time-zone optimization, from the first time zone that reaches it); personalized: each contact at their best hour within the day. A booster of a draft parent is sent by its parent. 409 lists every reason the campaign cannot be sent as it stands.",
      tags: ["Campaigns"],
      responses: {
        "204": { description: "The send started or is scheduled" },
        ...notFound,
        ...conflict("Not a draft, or the content is not sendable (template, subject, sender, schedule)"),
      },
    },
    async ({ brandId, params }) => {
      await sendCampaign(brandId, params.id);
      return noContent();
    },
  ),
});
