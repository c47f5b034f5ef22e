// GET /api/automations/{id}/utm: every email block's UTM tags.
import { route } from "@/lib/api/route";
import { AggregateUTMResponse, AutomationParams } from "@/lib/automations/schemas";
import { getAutomationUtm } from "@/lib/automations/write-automation";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "automations.read",
      params: AutomationParams,
      summary: "Get aggregated UTM tags for all blocks",
      tags: ["Automations"],
      responses: { "200": jsonContent(AggregateUTMResponse, "Every email block's tags"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getAutomationUtm(brandId, params.id)),
  ),
});
