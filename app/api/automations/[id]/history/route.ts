// GET /api/automations/{id}/history: who changed the workflow, when, and what (the builder's history).
import { route } from "@/lib/api/route";
import { automationHistory, HistoryList } from "@/lib/automations/history";
import { AutomationParams } from "@/lib/automations/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "automations.read",
      params: AutomationParams,
      summary: "History of a workflow",
      description:
        "Inkwell's own: the last 100 changes of the workflow, newest first: who (the dashboard user, or the kind of credential), when, whether it was enabled (a live edit of its email content), and what changed (an email step's field with its old and new value; other parts by name).",
      tags: ["Automations"],
      responses: { "200": jsonContent(HistoryList, "The changes"), ...notFound },
    },
    async ({ brandId, params }) => ok(await automationHistory(brandId, params.id)),
  ),
});
