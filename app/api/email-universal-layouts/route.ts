// /api/email-universal-layouts: list (newest first) and create.
import { created, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { listLayouts, ListLayoutsQuery } from "@/lib/templates/layouts/read-layouts";
import { createLayout } from "@/lib/templates/layouts/save-layout";
import { RawLayout } from "@/lib/templates/raw-body";
import { jsonContent } from "@/lib/openapi/common";
import { z } from "zod";
import { LayoutSchema } from "@/lib/templates/layouts/schema";
import { PagingSchema } from "@/lib/http/pagination";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "email-templates.read",
      query: ListLayoutsQuery,
      summary: "List universal layouts, newest first",
      tags: ["Universal layouts"],
      responses: {
        "200": jsonContent(
          z.object({ universalLayouts: z.array(LayoutSchema), paging: PagingSchema }).meta({ id: "ListUniversalLayoutsResponse" }),
          "A page of layouts",
        ),
      },
    },
    async ({ brandId, query }) => ok(await listLayouts(brandId, query)),
  ),
  POST: route(
    {
      scope: "email-templates.write",
      body: RawLayout,
      summary: "Create a universal layout",
      tags: ["Universal layouts"],
      responses: { "201": jsonContent(LayoutSchema, "The layout") },
    },
    async ({ brandId, body }) => created(await createLayout(brandId, body)),
  ),
});
