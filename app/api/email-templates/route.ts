// /api/email-templates: list (keyset pages, summaries only) and create.
import { jsonText, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { listTemplates, ListTemplatesQuery } from "@/lib/templates/list-templates";
import { RawTemplate, TEMPLATE_RULES } from "@/lib/templates/raw-body";
import { createTemplate } from "@/lib/templates/save-template";
import { jsonContent } from "@/lib/openapi/common";
import { z } from "zod";
import { TemplateListItem, TemplateSchema } from "@/lib/templates/schema/template";
import { PagingSchema } from "@/lib/http/pagination";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "email-templates.read",
      query: ListTemplatesQuery,
      summary: "List templates (summaries, keyset pages)",
      tags: ["Email templates"],
      responses: {
        "200": jsonContent(
          z.object({ templates: z.array(TemplateListItem), paging: PagingSchema }).meta({ id: "TemplateListResponse" }),
          "A page of templates",
        ),
      },
    },
    async ({ brandId, query }) => ok(await listTemplates(brandId, query)),
  ),
  POST: route(
    {
      scope: "email-templates.write",
      body: RawTemplate,
      summary: "Create a template",
      description: TEMPLATE_RULES,
      tags: ["Email templates"],
      responses: { "201": jsonContent(TemplateSchema, "The stored template, as a read returns it") },
    },
    async ({ brandId, body }) => jsonText(await createTemplate(brandId, body), 201),
  ),
});
