// POST /api/email-content/{id}/render: the content rendered with an empty data context (as published).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { renderContent } from "@/lib/templates/render/render-template";
import { jsonContent, notFound } from "@/lib/openapi/common";
import { RenderResult, TEMPLATE_SYNTAX_ERROR } from "@/lib/templates/render/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "email-templates.write",
      params: IdParams,
      rateLimit: "render",
      summary: "Render email content to HTML and plain text, with an empty data context",
      description:
        "The content (of the template with this id) rendered as published: no contact, no marketing activity. Personalization tags render their " +
        "default (or nothing), product slots and dynamic lists stay empty, order blocks are left out; sections whose filter needs contact values are hidden. " +
        "Same response as a template render. Rate limit: 40 requests per minute per credential.",
      tags: ["Email content"],
      responses: {
        "200": jsonContent(RenderResult, "The rendered email"),
        ...notFound,
        ...TEMPLATE_SYNTAX_ERROR,
      },
    },
    async ({ brandId, params }) => ok(await renderContent(brandId, params.id)),
  ),
});
