// /api/email-universal-layouts: list (newest first) and create.
import { created, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { listLayouts, ListLayoutsQuery } from "@/lib/templates/layouts/read-layouts";
import { createLayout } from "@/lib/templates/layouts/save-layout";
import { RawDocument } from "@/lib/templates/raw-body";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "email-templates.read", query: ListLayoutsQuery }, async ({ brandId, query }) =>
    ok(await listLayouts(brandId, query)),
  ),
  POST: route({ scope: "email-templates.write", body: RawDocument }, async ({ brandId, body }) =>
    created(await createLayout(brandId, body)),
  ),
});
