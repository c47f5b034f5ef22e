// POST /api/email-templates/{id}/render: HTML and text for a contact, or a preview with sample data.
// Scope email-templates.write, as the published document gives both render operations (the contract
// names no scope for render; it is not a read of a resource but an operation on it).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { renderTemplate } from "@/lib/templates/render/render-template";
import { RenderInput, RenderResult, TEMPLATE_SYNTAX_ERROR } from "@/lib/templates/render/schemas";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "email-templates.write",
      params: IdParams,
      body: RenderInput,
      bodyRequired: false,
      rateLimit: "render",
      summary: "Render a template to HTML and plain text",
      description:
        "Template → MJML → HTML (columns stack below 480px) plus a plain-text part. No body renders a preview with sample data; " +
        "`contactID` or `email` renders for that contact of the brand: personalization tags ([[contact.first_name | default]], " +
        "[[contact.custom_properties.KEY]]), product slots (recommender strategies with the plan fallback, cart recovery, back in stock), " +
        "dynamic lists and order blocks from the contact's events. Universal layouts are resolved; free-plan brands get the badge. " +
        "Unknown tags are reported in `warnings` (a JSON-encoded array: every value of the response is a string, as published) and render as their default (or nothing). " +
        "A tag opened with [[ and never closed is a template syntax error: 422 with every place in `errors`. Rate limit: 40 requests per minute per credential.",
      tags: ["Email templates"],
      responses: {
        "200": jsonContent(RenderResult, "The rendered email"),
        ...notFound,
        ...TEMPLATE_SYNTAX_ERROR,
      },
    },
    async ({ brandId, params, body }) => ok(await renderTemplate(brandId, params.id, body)),
  ),
});
