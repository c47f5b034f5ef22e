// POST /api/automations/starter-templates: an automation starter's email, a template kept with its workflow
// (out of the brand's template list until a person edits it; docs/automations.md "Starters' templates").
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { jsonText } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";
import { RawTemplate, TEMPLATE_RULES } from "@/lib/templates/raw-body";
import { createTemplate } from "@/lib/templates/save-template";
import { TemplateSchema } from "@/lib/templates/schema/template";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "email-templates.write",
      body: RawTemplate,
      summary: "Create a template kept with a workflow",
      description: `Inkwell's own: as POST /api/email-templates, but the template stays out of the template list (GET /api/email-templates) until it is first replaced (PUT /api/email-templates/{id}). ${TEMPLATE_RULES}`,
      tags: ["Automations"],
      responses: { "201": jsonContent(TemplateSchema, "The stored template, as a read returns it") },
    },
    async ({ brandId, body }) => jsonText(await createTemplate(brandId, body, { kept: true }), 201),
  ),
});
