// POST /api/automations/{id}/simulate: what the workflow would have done over the last N days (nothing is written or sent).
import { route } from "@/lib/api/route";
import { AutomationParams } from "@/lib/automations/schemas";
import { simulateAutomation, SimulateRequest, SimulationResult } from "@/lib/automations/simulate";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "automations.read",
      params: AutomationParams,
      body: SimulateRequest,
      bodyRequired: false,
      summary: "Simulate a workflow over the last days",
      description:
        "Inkwell's own: what the workflow would have done over the last N days (default 30), from the stored events, status history, birthdays and restocks, writing and sending nothing: who would have entered, reached each block, been skipped and why. Works on enabled and disabled workflows.",
      tags: ["Automations"],
      responses: { "200": jsonContent(SimulationResult, "The simulation"), ...notFound },
    },
    async ({ brandId, params, body }) => ok(await simulateAutomation(brandId, params.id, body?.days ?? 30)),
  ),
});
