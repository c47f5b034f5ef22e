// /api/email-content/{id}: a template's content (generalSettings and sections), read and fully replaced.
import { jsonText } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { getContentJson, replaceContent } from "@/lib/templates/content";
import { RawContent, TEMPLATE_RULES } from "@/lib/templates/raw-body";
import { jsonContent, notFound } from "@/lib/openapi/common";
import { ContentSchema } from "@/lib/templates/schema/template";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "email-templates.read",
      params: IdParams,
      summary: "Read email content",
      description:
        "Email content is a stored email document's content (generalSettings and sections) without its name. Every template has one, with the template's id: this reads the template's content, universal layouts resolved.",
      tags: ["Email content"],
      responses: { "200": jsonContent(ContentSchema, "The content"), ...notFound },
    },
    async ({ brandId, params }) => jsonText(await getContentJson(brandId, params.id)),
  ),
  PUT: route(
    {
      scope: "email-templates.write",
      params: IdParams,
      body: RawContent,
      summary: "Replace email content",
      description: `Full replace of the content (the template keeps its name). ${TEMPLATE_RULES} Content is never locked in Inkwell (no 409).`,
      tags: ["Email content"],
      responses: { "200": jsonContent(ContentSchema, "The stored content"), ...notFound },
    },
    async ({ brandId, params, body }) => jsonText(await replaceContent(brandId, params.id, body)),
  ),
});
