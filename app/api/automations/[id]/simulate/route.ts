// POST /api/automations/{id}/simulate: what the workflow would have done over the last N days (nothing is written or sent).
import { route } from "@/lib/api/route";
import { AutomationParams } from "@/lib/automations/schemas";
import { simulateAutomation, SimulateRequest } from "@/lib/automations/simulate";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    { scope: "automations.read", params: AutomationParams, body: SimulateRequest, bodyRequired: false },
    async ({ brandId, params, body }) => ok(await simulateAutomation(brandId, params.id, body?.days ?? 30)),
  ),
});
