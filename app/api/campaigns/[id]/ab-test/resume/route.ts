// POST /api/campaigns/{id}/ab-test/resume: a stopped A/B test's winner selection goes on.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { resumeAbTest } from "@/lib/campaigns/campaign-operations";
import { conflict, notFound, unprocessable } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      summary: "Resume A/B test",
      description: "Winner selection goes on (at once when the decision time has passed).",
      tags: ["Campaigns"],
      responses: {
        "204": { description: "Resumed" },
        ...notFound,
        ...conflict("The campaign is not stopped"),
        ...unprocessable("Not an A/B test"),
      },
    },
    async ({ brandId, params }) => {
      await resumeAbTest(brandId, params.id);
      return noContent();
    },
  ),
});
