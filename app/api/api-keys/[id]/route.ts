// DELETE /api/api-keys/{id}: revoke a key; requests with it fail from then on.
import { revokeApiKey } from "@/lib/brands/api-keys";
import { ApiProblem } from "@/lib/http/problems";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route(
    {
      scope: null,
      principals: ["session"],
      params: IdParams,
      summary: "Revoke an API key (dashboard session only)",
      tags: ["Account"],
      responses: { "204": { description: "Revoked" }, ...notFound },
    },
    async ({ brandId, params }) => {
      if (!(await revokeApiKey(brandId, params.id))) throw new ApiProblem("not-found", "No API key with this id in your brand");
      return noContent();
    },
  ),
});
