// /api/email-universal-layouts/{id}: read, full replace, delete (refused while templates use it).
import { noContent, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { deleteLayout } from "@/lib/templates/layouts/delete-layout";
import { getLayout } from "@/lib/templates/layouts/read-layouts";
import { replaceLayout } from "@/lib/templates/layouts/save-layout";
import { RawDocument } from "@/lib/templates/raw-body";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "email-templates.read", params: IdParams }, async ({ brandId, params }) => ok(await getLayout(brandId, params.id))),
  PUT: route({ scope: "email-templates.write", params: IdParams, body: RawDocument }, async ({ brandId, params, body }) =>
    ok(await replaceLayout(brandId, params.id, body)),
  ),
  DELETE: route({ scope: "email-templates.write", params: IdParams }, async ({ brandId, params }) => {
    await deleteLayout(brandId, params.id);
    return noContent();
  }),
});
