// GET /api/automations/{id}/figures: the workflow's figures and every block's, for the flow builder.
import { route } from "@/lib/api/route";
import { automationBlockFigures, AutomationFigures } from "@/lib/automations/figures";
import { AutomationParams } from "@/lib/automations/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "automations.read",
      params: AutomationParams,
      summary: "Figures of a workflow and its blocks",
      description:
        "Inkwell's own: the workflow's figures, and per block how many reached it, wait at it now, its outcomes, and for an email block what became of its messages (sent, opened, clicked, bounced, unsubscribed).",
      tags: ["Automations"],
      responses: { "200": jsonContent(AutomationFigures, "The figures"), ...notFound },
    },
    async ({ brandId, params }) => ok(await automationBlockFigures(brandId, params.id)),
  ),
});
