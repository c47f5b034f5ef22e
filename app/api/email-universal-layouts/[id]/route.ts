// /api/email-universal-layouts/{id}: read, full replace, delete (refused while templates use it).
import { noContent, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { deleteLayout } from "@/lib/templates/layouts/delete-layout";
import { getLayout } from "@/lib/templates/layouts/read-layouts";
import { replaceLayout } from "@/lib/templates/layouts/save-layout";
import { RawLayout } from "@/lib/templates/raw-body";
import { jsonContent, notFound, conflict } from "@/lib/openapi/common";
import { LayoutSchema } from "@/lib/templates/layouts/schema";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "email-templates.read",
      params: IdParams,
      summary: "Read a universal layout",
      tags: ["Universal layouts"],
      responses: { "200": jsonContent(LayoutSchema, "The layout"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getLayout(brandId, params.id)),
  ),
  PUT: route(
    {
      scope: "email-templates.write",
      params: IdParams,
      body: RawLayout,
      summary: "Replace a universal layout (templates using it show the new content on their next read)",
      tags: ["Universal layouts"],
      responses: { "200": jsonContent(LayoutSchema, "The layout"), ...notFound },
    },
    async ({ brandId, params, body }) => ok(await replaceLayout(brandId, params.id, body)),
  ),
  DELETE: route(
    {
      scope: "email-templates.write",
      params: IdParams,
      summary: "Delete a universal layout",
      tags: ["Universal layouts"],
      responses: {
        "204": { description: "Deleted" },
        ...notFound,
        ...conflict("Templates still use the layout; the problem's templates member names them"),
      },
    },
    async ({ brandId, params }) => {
      await deleteLayout(brandId, params.id);
      return noContent();
    },
  ),
});
