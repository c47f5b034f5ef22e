// OpenAPI path of the render endpoint, from the schemas that validate it.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { IdParams } from "@/lib/http/route";
import { jsonContent, notFound, ProblemSchema, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { RenderInput, RenderResult } from "./schemas";

const syntaxError = {
  "422": {
    description: "Template syntax error: an unclosed personalization tag (errors name each place)",
    content: { "application/problem+json": { schema: ProblemSchema } },
  },
};

export const renderPaths: ZodOpenApiPathsObject = {
  "/api/email-templates/{id}/render": {
    post: {
      summary: "Render a template to HTML and plain text",
      description:
        "Template → MJML → HTML (columns stack below 480px) plus a plain-text part. No body renders a preview with sample data; " +
        "`contactID` or `email` renders for that contact of the brand: personalization tags ([[contact.first_name | default]], " +
        "[[contact.custom_properties.KEY]]), product slots (recommender strategies with the plan fallback, cart recovery, back in stock), " +
        "dynamic lists and order blocks from the contact's events. Universal layouts are resolved; free-plan brands get the badge. " +
        "Unknown tags are reported in `warnings` (a JSON-encoded array: every value of the response is a string, as published) and render as their default (or nothing). " +
        "A tag opened with [[ and never closed is a template syntax error: 422 with every place in `errors`. Rate limit: 40 requests per minute per credential.",
      tags: ["Email templates"],
      security: security("email-templates.write"),
      requestParams: { header: VersionHeader, path: IdParams },
      requestBody: { required: false, content: { "application/json": { schema: RenderInput } } },
      responses: {
        "200": jsonContent(RenderResult, "The rendered email"),
        ...notFound,
        ...syntaxError,
        ...standardErrors,
      },
    },
  },
  "/api/email-content/{id}/render": {
    post: {
      summary: "Render email content to HTML and plain text, with an empty data context",
      description:
        "The content (of the template with this id) rendered as published: no contact, no marketing activity. Personalization tags render their " +
        "default (or nothing), product slots and dynamic lists stay empty, order blocks are left out; sections whose filter needs contact values are hidden. " +
        "Same response as a template render. Rate limit: 40 requests per minute per credential.",
      tags: ["Email content"],
      security: security("email-templates.write"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(RenderResult, "The rendered email"), ...notFound, ...syntaxError, ...standardErrors },
    },
  },
};
