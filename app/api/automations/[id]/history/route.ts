// GET /api/automations/{id}/history: who changed the workflow, when, and what (the builder's history).
import { route } from "@/lib/api/route";
import { automationHistory, HistoryList, HistoryQuery } from "@/lib/automations/history";
import { AutomationParams } from "@/lib/automations/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "automations.read",
      params: AutomationParams,
      query: HistoryQuery,
      summary: "History of a workflow",
      description:
        "Inkwell's own: the changes of the workflow, newest first, in cursor pages (limit 1-100, default 50): who (the dashboard user, or the kind of credential), when, whether it was enabled (a live edit of its email content), and what changed (an email step's field with its old and new value; other parts by name).",
      tags: ["Automations"],
      responses: { "200": jsonContent(HistoryList, "The changes"), ...notFound },
    },
    async ({ brandId, params, query }) => ok(await automationHistory(brandId, params.id, query)),
  ),
});
