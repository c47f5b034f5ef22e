// POST /api/automations/{id}/copy: a disabled copy, "Copy of: <name>" unless named.
import { route } from "@/lib/api/route";
import { AutomationParams, AutomationSchema, CopyAutomationRequest } from "@/lib/automations/schemas";
import { copyAutomation } from "@/lib/automations/write-automation";
import { methods } from "@/lib/http/route";
import { created } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "automations.write",
      params: AutomationParams,
      body: CopyAutomationRequest,
      bodyRequired: false,
      summary: "Copy automation workflow",
      description: 'A disabled copy named "Copy of: <name>" unless a name is given.',
      tags: ["Automations"],
      responses: { "201": jsonContent(AutomationSchema, "The copy"), ...notFound },
    },
    async ({ brandId, params, body }) => created(await copyAutomation(brandId, params.id, body?.name)),
  ),
});
