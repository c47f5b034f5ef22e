// /api/email-content/{id}: a template's content (generalSettings and sections), read and fully replaced.
import { jsonText } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { getContentJson, replaceContent } from "@/lib/templates/content";
import { RawDocument } from "@/lib/templates/raw-body";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "email-templates.read", params: IdParams }, async ({ brandId, params }) =>
    jsonText(await getContentJson(brandId, params.id)),
  ),
  PUT: route({ scope: "email-templates.write", params: IdParams, body: RawDocument }, async ({ brandId, params, body }) =>
    jsonText(await replaceContent(brandId, params.id, body)),
  ),
});
