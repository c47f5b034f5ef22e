// GET /api/openapi.json: the OpenAPI 3.1 document (no credentials or version header needed).
import { openApiDocument } from "@/lib/openapi/document";
import { handler, methods, withProblems } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handler((request) =>
    withProblems(request, async () => Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=60" } })),
  ),
});
