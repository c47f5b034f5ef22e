// POST /api/email-templates/{id}/render: HTML and text for a contact, or a preview with sample data.
// Scope email-templates.write, as the published document gives both render operations (the contract
// names no scope for render; it is not a read of a resource but an operation on it).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { renderTemplate } from "@/lib/templates/render/render-template";
import { RenderInput } from "@/lib/templates/render/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    { scope: "email-templates.write", params: IdParams, body: RenderInput, bodyRequired: false, rateLimit: "render" },
    async ({ brandId, params, body }) => ok(await renderTemplate(brandId, params.id, body)),
  ),
});
