// GET /api/automations/figures?id=...: the list page's figures for a page of workflows, in one request.
import { route } from "@/lib/api/route";
import { automationFigures, FiguresQuery } from "@/lib/automations/figures";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "automations.read", query: FiguresQuery }, async ({ brandId, query }) =>
    ok(await automationFigures(brandId, query.id)),
  ),
});
