// /api/automations/{id}: read, patch (disabled workflows only), delete (idempotent).
import { route } from "@/lib/api/route";
import { AutomationParams, PatchAutomationRequest } from "@/lib/automations/schemas";
import { deleteAutomation, getPublishedAutomation, patchAutomation } from "@/lib/automations/write-automation";
import { methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "automations.read", params: AutomationParams }, async ({ brandId, params }) =>
    ok(await getPublishedAutomation(brandId, params.id)),
  ),
  PATCH: route({ scope: "automations.write", params: AutomationParams, body: PatchAutomationRequest }, async ({ brandId, params, body }) =>
    ok(await patchAutomation(brandId, params.id, body)),
  ),
  DELETE: route({ scope: "automations.write", params: AutomationParams }, async ({ brandId, params }) => {
    await deleteAutomation(brandId, params.id);
    return noContent();
  }),
});
