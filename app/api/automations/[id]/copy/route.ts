// POST /api/automations/{id}/copy: a disabled copy, "Copy of: <name>" unless named.
import { route } from "@/lib/api/route";
import { AutomationParams, CopyAutomationRequest } from "@/lib/automations/schemas";
import { copyAutomation } from "@/lib/automations/write-automation";
import { methods } from "@/lib/http/route";
import { created } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    { scope: "automations.write", params: AutomationParams, body: CopyAutomationRequest, bodyRequired: false },
    async ({ brandId, params, body }) => created(await copyAutomation(brandId, params.id, body?.name)),
  ),
});
