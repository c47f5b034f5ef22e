// /api/email-templates/{id}: read, full replace, delete.
import { jsonText, noContent } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { deleteTemplate, getTemplateJson } from "@/lib/templates/get-template";
import { RawDocument } from "@/lib/templates/raw-body";
import { replaceTemplate } from "@/lib/templates/save-template";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "email-templates.read", params: IdParams }, async ({ brandId, params }) =>
    jsonText(await getTemplateJson(brandId, params.id)),
  ),
  PUT: route({ scope: "email-templates.write", params: IdParams, body: RawDocument }, async ({ brandId, params, body }) =>
    jsonText(await replaceTemplate(brandId, params.id, body)),
  ),
  DELETE: route({ scope: "email-templates.write", params: IdParams }, async ({ brandId, params }) => {
    await deleteTemplate(brandId, params.id);
    return noContent();
  }),
});
