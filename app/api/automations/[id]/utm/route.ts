// GET /api/automations/{id}/utm: every email block's UTM tags.
import { route } from "@/lib/api/route";
import { AutomationParams } from "@/lib/automations/schemas";
import { getAutomationUtm } from "@/lib/automations/write-automation";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "automations.read", params: AutomationParams }, async ({ brandId, params }) =>
    ok(await getAutomationUtm(brandId, params.id)),
  ),
});
