// POST /api/email-templates/import: a template from raw HTML (the 1 MB body limit is the pipeline's);
// ?into=blocks turns it into editable blocks instead of the spec's one HTML code block.
import { jsonText } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { importTemplate } from "@/lib/templates/import-template";
import { ImportTemplateQuery, ImportTemplateRequest } from "@/lib/templates/schema/template";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    { scope: "email-templates.write", body: ImportTemplateRequest, query: ImportTemplateQuery },
    async ({ brandId, body, query }) => jsonText(await importTemplate(brandId, body.name, body.html, query.into), 201),
  ),
});
