// /api/automations/{id}: read, patch (an enabled workflow: its email steps' content only), delete (idempotent).
import { route } from "@/lib/api/route";
import { AutomationParams, AutomationSchema, PatchAutomationRequest } from "@/lib/automations/schemas";
import { deleteAutomation, getPublishedAutomation, patchAutomation } from "@/lib/automations/write-automation";
import { methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { conflict, jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "automations.read",
      params: AutomationParams,
      summary: "Get automation workflow",
      tags: ["Automations"],
      responses: { "200": jsonContent(AutomationSchema, "The workflow"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getPublishedAutomation(brandId, params.id)),
  ),
  PATCH: route(
    {
      scope: "automations.write",
      params: AutomationParams,
      body: PatchAutomationRequest,
      summary: "Patch automation workflow",
      description:
        "While the workflow is enabled only its email steps' content may change (Inkwell: subject, preheader, senderName, senderEmail, replyToEmail, language, templateID; it applies to emails not yet handed to the pipeline and is recorded in GET .../history); anything else is a 409. Fields given are changed: trigger.condition, audienceFilterGroup and inactivitySettings each replaced whole (null clears the latter two), exitConditions replaced (null or [] clears), blocks patched by id (type required, unchanged; delay and split.filterGroup replaced whole; abTesting takes aBlocksPercentage only).",
      tags: ["Automations"],
      responses: {
        "200": jsonContent(AutomationSchema, "The changed workflow"),
        ...notFound,
        ...conflict(
          "The automation is enabled and the request changes more than its email steps' content: disable it, change it, enable it again (automation-enabled)",
        ),
      },
    },
    async ({ brandId, auth, params, body }) => ok(await patchAutomation(brandId, params.id, body, auth)),
  ),
  DELETE: route(
    {
      scope: "automations.write",
      params: AutomationParams,
      summary: "Delete automation workflow",
      description: "Removes the workflow with its enrollments; idempotent (an unknown id answers 204 too).",
      tags: ["Automations"],
      responses: { "204": { description: "Deleted" } },
    },
    async ({ brandId, params }) => {
      await deleteAutomation(brandId, params.id);
      return noContent();
    },
  ),
});
