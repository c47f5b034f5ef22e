// POST /api/campaigns/audience-estimate: Inkwell extra, who an audience selects now and who would be skipped, and why.
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { estimateAudience } from "@/lib/campaigns/audience";
import { AudienceEstimateRequest, AudienceEstimateSchema } from "@/lib/campaigns/report-schemas";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "campaigns.read",
      body: AudienceEstimateRequest,
      summary: "Who an audience selects now, and who would be skipped and why (Inkwell extra)",
      tags: ["Campaigns"],
      responses: { "200": jsonContent(AudienceEstimateSchema, "The estimate") },
    },
    async ({ brandId, body }) =>
      ok(
        await estimateAudience(brandId, {
          includedSegmentIDs: [...new Set(body.includedSegmentIDs ?? [])],
          excludedSegmentIDs: [...new Set(body.excludedSegmentIDs ?? [])],
          ...(body.topicID ? { topicID: body.topicID } : {}),
        }),
      ),
  ),
});
