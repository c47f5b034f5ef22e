// POST /api/campaigns/{id}/ab-test/winner: a person picks the winning variant; it goes to the rest of the audience.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { selectWinner } from "@/lib/campaigns/campaign-operations";
import { SelectABTestWinnerRequest } from "@/lib/campaigns/schemas";
import { conflict, notFound, unprocessable } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "campaigns.write",
      params: IdParams,
      body: SelectABTestWinnerRequest,
      summary: "Select A/B test winner",
      description: "The chosen variant goes to the rest of the audience at once.",
      tags: ["Campaigns"],
      responses: {
        "204": { description: "The winner goes out" },
        ...notFound,
        ...conflict("The test is not running, a winner is chosen already, or the test went to the whole audience"),
        ...unprocessable("Not an A/B test"),
      },
    },
    async ({ brandId, params, body }) => {
      await selectWinner(brandId, params.id, body.variantID);
      return noContent();
    },
  ),
});
