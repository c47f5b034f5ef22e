// /api/automations: the brand's workflows (published Automations API): list, create.
import { route } from "@/lib/api/route";
import { listAutomations } from "@/lib/automations/list-automations";
import { CreateAutomationRequest, ListAutomationsQuery } from "@/lib/automations/schemas";
import { createAutomation } from "@/lib/automations/write-automation";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "automations.read", query: ListAutomationsQuery }, async ({ brandId, query }) =>
    ok(await listAutomations(brandId, query)),
  ),
  POST: route({ scope: "automations.write", body: CreateAutomationRequest }, async ({ brandId, body }) =>
    created(await createAutomation(brandId, body)),
  ),
});
