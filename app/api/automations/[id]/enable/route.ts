// POST /api/automations/{id}/enable: start reacting to trigger events (optionally enrolling who qualifies now).
import { route } from "@/lib/api/route";
import { enableAutomation } from "@/lib/automations/enable-automation";
import { AutomationParams, AutomationSchema, EnableAutomationRequest } from "@/lib/automations/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { conflict, jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "automations.write",
      params: AutomationParams,
      body: EnableAutomationRequest,
      bodyRequired: false,
      summary: "Enable automation workflow",
      description:
        "Trigger events from now on start the workflow. enrollExisting also enrolls who qualifies now: an event trigger's events within the first delay's window (409 enroll-existing-not-applicable unless the workflow starts with a delay), an entered-segment trigger's members (first enable only); not for birthday, back in stock or subscribed to marketing. Idempotent.",
      tags: ["Automations"],
      responses: {
        "200": jsonContent(AutomationSchema, "The enabled workflow"),
        ...notFound,
        ...conflict(
          "enrollExisting does not apply, or the workflow is not ready (a deleted email template or segment, a sender address that is not verified): errors[] names what",
        ),
      },
    },
    async ({ brandId, params, body }) => ok(await enableAutomation(brandId, params.id, body?.enrollExisting === true)),
  ),
});
