// /api/email-templates: list (keyset pages, summaries only) and create.
import { jsonText, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { listTemplates, ListTemplatesQuery } from "@/lib/templates/list-templates";
import { RawDocument } from "@/lib/templates/raw-body";
import { createTemplate } from "@/lib/templates/save-template";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "email-templates.read", query: ListTemplatesQuery }, async ({ brandId, query }) =>
    ok(await listTemplates(brandId, query)),
  ),
  POST: route({ scope: "email-templates.write", body: RawDocument }, async ({ brandId, body }) =>
    jsonText(await createTemplate(brandId, body), 201),
  ),
});
