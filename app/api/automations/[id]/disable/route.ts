// POST /api/automations/{id}/disable: stop new entries; contacts in the workflow keep going or exit.
import { route } from "@/lib/api/route";
import { disableAutomation } from "@/lib/automations/enable-automation";
import { AutomationParams, DisableAutomationRequest } from "@/lib/automations/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "automations.write", params: AutomationParams, body: DisableAutomationRequest }, async ({ brandId, params, body }) =>
    ok(await disableAutomation(brandId, params.id, body.contactsInWorkflow)),
  ),
});
