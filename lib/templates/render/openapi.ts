// OpenAPI path of the render endpoint, from the schemas that validate it.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { IdParams } from "@/lib/http/route";
import { jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { RenderInput, RenderResult } from "./schemas";

export const renderPaths: ZodOpenApiPathsObject = {
  "/api/email-templates/{id}/render": {
    post: {
      summary: "Render a template to HTML and plain text",
      description:
        "Template → MJML → HTML (columns stack below 480px) plus a plain-text part. No body renders a preview with sample data; " +
        "`contactID` or `email` renders for that contact of the brand: personalization tags ([[contact.first_name | default]], " +
        "[[contact.custom_properties.KEY]]), product slots (recommender strategies with the plan fallback, cart recovery, back in stock), " +
        "dynamic lists and order blocks from the contact's events. Universal layouts are resolved; free-plan brands get the badge. " +
        "Unknown tags are reported in `warnings` and render as their default (or nothing). Rate limit: 40 requests per minute per credential.",
      tags: ["Email templates"],
      security: security("email-templates.read"),
      requestParams: { header: VersionHeader, path: IdParams },
      requestBody: { required: false, content: { "application/json": { schema: RenderInput } } },
      responses: {
        "200": jsonContent(RenderResult, "The rendered email"),
        ...notFound,
        ...standardErrors,
      },
    },
  },
};
