// POST /api/campaigns/{id}/ab-test/winner: a person picks the winning variant; it goes to the rest of the audience.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { selectWinner } from "@/lib/campaigns/campaign-operations";
import { SelectABTestWinnerRequest } from "@/lib/campaigns/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "campaigns.write", params: IdParams, body: SelectABTestWinnerRequest }, async ({ brandId, params, body }) => {
    await selectWinner(brandId, params.id, body.variantID);
    return noContent();
  }),
});
