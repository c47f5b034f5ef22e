// POST /api/campaigns/{id}/ab-test/stop: automatic winner selection halts while the test's messages go on.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { stopAbTest } from "@/lib/campaigns/campaign-operations";
import { conflict, notFound, unprocessable } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      summary: "Stop A/B test",
      description: "Automatic winner selection halts; the test's messages go on.",
      tags: ["Campaigns"],
      responses: {
        "204": { description: "Stopped" },
        ...notFound,
        ...conflict("The campaign is not started"),
        ...unprocessable("Not an A/B test"),
      },
    },
    async ({ brandId, params }) => {
      await stopAbTest(brandId, params.id);
      return noContent();
    },
  ),
});
