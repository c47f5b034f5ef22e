// POST /api/automations/{id}/disable: stop new entries; contacts in the workflow keep going or exit.
import { route } from "@/lib/api/route";
import { disableAutomation } from "@/lib/automations/enable-automation";
import { AutomationParams, AutomationSchema, DisableAutomationRequest } from "@/lib/automations/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "automations.write",
      params: AutomationParams,
      body: DisableAutomationRequest,
      summary: "Disable automation workflow",
      description:
        "No new contacts enter. keep: contacts in the workflow finish it; exit: they leave it now, and its emails still waiting in the delivery pipeline are not sent. Idempotent.",
      tags: ["Automations"],
      responses: { "200": jsonContent(AutomationSchema, "The disabled workflow"), ...notFound },
    },
    async ({ brandId, params, body }) => ok(await disableAutomation(brandId, params.id, body.contactsInWorkflow)),
  ),
});
