// POST /api/campaigns/{id}/ab-test/stop: automatic winner selection halts while the test's messages go on.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { stopAbTest } from "@/lib/campaigns/campaign-operations";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "campaigns.write", params: IdParams }, async ({ brandId, params }) => {
    await stopAbTest(brandId, params.id);
    return noContent();
  }),
});
