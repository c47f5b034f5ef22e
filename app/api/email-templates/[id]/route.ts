// /api/email-templates/{id}: read, full replace, delete.
import { jsonText, noContent } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { deleteTemplate, getTemplateJson } from "@/lib/templates/get-template";
import { RawTemplate, TEMPLATE_RULES } from "@/lib/templates/raw-body";
import { replaceTemplate } from "@/lib/templates/save-template";
import { jsonContent, notFound } from "@/lib/openapi/common";
import { TemplateSchema } from "@/lib/templates/schema/template";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "email-templates.read",
      params: IdParams,
      summary: "Read a template",
      tags: ["Email templates"],
      responses: { "200": jsonContent(TemplateSchema, "The template"), ...notFound },
    },
    async ({ brandId, params }) => jsonText(await getTemplateJson(brandId, params.id)),
  ),
  PUT: route(
    {
      scope: "email-templates.write",
      params: IdParams,
      body: RawTemplate,
      summary: "Replace a template",
      description: TEMPLATE_RULES,
      tags: ["Email templates"],
      responses: { "200": jsonContent(TemplateSchema, "The stored template"), ...notFound },
    },
    async ({ brandId, params, body }) => jsonText(await replaceTemplate(brandId, params.id, body)),
  ),
  DELETE: route(
    {
      scope: "email-templates.write",
      params: IdParams,
      summary: "Delete a template",
      tags: ["Email templates"],
      responses: { "204": { description: "Deleted" }, ...notFound },
    },
    async ({ brandId, params }) => {
      await deleteTemplate(brandId, params.id);
      return noContent();
    },
  ),
});
