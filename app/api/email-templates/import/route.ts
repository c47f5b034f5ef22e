// POST /api/email-templates/import: a template from raw HTML (the 1 MB body limit is the pipeline's).
import { jsonText } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { importTemplate } from "@/lib/templates/import-template";
import { ImportTemplateRequest } from "@/lib/templates/schema/template";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "email-templates.write", body: ImportTemplateRequest }, async ({ brandId, body }) =>
    jsonText(await importTemplate(brandId, body.name, body.html), 201),
  ),
});
