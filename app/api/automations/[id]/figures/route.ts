// GET /api/automations/{id}/figures: the workflow's figures and every block's, for the flow builder.
import { route } from "@/lib/api/route";
import { automationBlockFigures } from "@/lib/automations/figures";
import { AutomationParams } from "@/lib/automations/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "automations.read", params: AutomationParams }, async ({ brandId, params }) =>
    ok(await automationBlockFigures(brandId, params.id)),
  ),
});
