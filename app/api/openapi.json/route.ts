// GET /api/openapi.json: the OpenAPI 3.1 document (no credentials or version header needed), built from
// the declarations of the routes app/api-routes.ts lists. That table lists this route too, hence the
// import at request time rather than at the top of the module.
import { openApiDocument } from "@/lib/openapi/document";
import { handler, methods, withProblems } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handler((request) =>
    withProblems(request, async () => {
      const { DOCUMENTED_ROUTES } = await import("@/app/api-routes");
      return Response.json(openApiDocument(DOCUMENTED_ROUTES), { headers: { "Cache-Control": "public, max-age=60" } });
    }),
  ),
});
