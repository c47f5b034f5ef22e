// POST /api/automations/{id}/enable: start reacting to trigger events (optionally enrolling who qualifies now).
import { route } from "@/lib/api/route";
import { enableAutomation } from "@/lib/automations/enable-automation";
import { AutomationParams, EnableAutomationRequest } from "@/lib/automations/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    { scope: "automations.write", params: AutomationParams, body: EnableAutomationRequest, bodyRequired: false },
    async ({ brandId, params, body }) => ok(await enableAutomation(brandId, params.id, body?.enrollExisting === true)),
  ),
});
