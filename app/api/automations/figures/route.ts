// GET /api/automations/figures?id=...: the list page's figures for a page of workflows, in one request.
import { route } from "@/lib/api/route";
import { automationFigures, AutomationFiguresList, FiguresQuery } from "@/lib/automations/figures";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "automations.read",
      query: FiguresQuery,
      summary: "Figures of several workflows",
      description:
        "Inkwell's own: entered, in progress, completed, exited, the emails handed to delivery and the delivery pipeline's sent, opened and clicked, for up to 100 workflows (a page of the list) in one request.",
      tags: ["Automations"],
      responses: { "200": jsonContent(AutomationFiguresList, "One entry per id asked for") },
    },
    async ({ brandId, query }) => ok(await automationFigures(brandId, query.id)),
  ),
});
