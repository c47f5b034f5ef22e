// POST /api/campaigns/{id}/ab-test/resume: a stopped A/B test's winner selection goes on.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { resumeAbTest } from "@/lib/campaigns/campaign-operations";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "campaigns.write", params: IdParams }, async ({ brandId, params }) => {
    await resumeAbTest(brandId, params.id);
    return noContent();
  }),
});
